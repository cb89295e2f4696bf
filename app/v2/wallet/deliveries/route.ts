import { contract } from "@/contract";
import { listDeliveries } from "@/lib/callbacks/list-deliveries";
import { getPrisma } from "@/lib/db";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { refuseOtherMethods } from "@/lib/http/method-not-allowed";
import { readQuery } from "@/lib/http/parse-input";
import { pricePerQueryUsd } from "@/lib/pricing";
import { sandboxDeliveries } from "@/lib/sandbox/wallet";
import { parseDeliveriesRequest } from "@/lib/wallet/parse-deliveries-request";

export const dynamic = "force-dynamic";

export const GET = defineEndpoint({
  name: "GET /v2/wallet/deliveries",
  response: contract.listWalletDeliveries.responses[200],
  price: () => ({ queries: 1, description: "Reading the wallet's delivery history" }),
  privateAnswer: true,
  parse: (request) => parseDeliveriesRequest(readQuery(request)),
  run: async (page, { meta, wallet }) =>
    wallet === null
      ? sandboxDeliveries(meta, page)
      : listDeliveries({ prisma: await getPrisma(), wallet, page, meta, queryCostUsd: pricePerQueryUsd() }),
});

// HEAD too: Next would otherwise answer it by running GET, a paid query whose answer HEAD drops.
export const { POST, PUT, PATCH, DELETE, OPTIONS, HEAD } = refuseOtherMethods("/v2/wallet/deliveries", ["GET"]);
