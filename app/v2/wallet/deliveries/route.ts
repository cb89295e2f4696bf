import { contract } from "@/contract";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { readQuery } from "@/lib/http/parse-input";
import { PRICE_PER_QUERY_USD } from "@/lib/pricing";
import { sandboxDeliveries } from "@/lib/sandbox/wallet";
import { parseDeliveriesRequest } from "@/lib/wallet/parse-deliveries-request";

export const dynamic = "force-dynamic";

// Live wallet calls stop at the payment gate in this release; only sandbox requests reach `run`.
export const GET = defineEndpoint({
  name: "GET /v2/wallet/deliveries",
  response: contract.listWalletDeliveries.responses[200],
  price: () => ({ amountUsd: PRICE_PER_QUERY_USD, description: "Reading the wallet's delivery history" }),
  parse: (request) => parseDeliveriesRequest(readQuery(request)),
  run: (options, { meta }) => sandboxDeliveries(meta, options),
});

const notAllowed = methodNotAllowed("/v2/wallet/deliveries", ["GET"]);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
export const OPTIONS = notAllowed;
