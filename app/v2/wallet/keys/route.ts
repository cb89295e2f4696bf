import { contract } from "@/contract";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { PRICE_PER_QUERY_USD } from "@/lib/pricing";
import { sandboxKeyState, sandboxRotation } from "@/lib/sandbox/wallet";

export const dynamic = "force-dynamic";

// Live wallet calls stop at the payment gate in this release (it accepts no payment yet), so only
// sandbox requests reach `run`.
export const GET = defineEndpoint({
  name: "GET /v2/wallet/keys",
  response: contract.getWalletKeys.responses[200],
  price: () => ({ amountUsd: PRICE_PER_QUERY_USD, description: "Reading the wallet's signing key state" }),
  parse: () => null,
  run: (_input, { meta }) => sandboxKeyState(meta),
});

export const POST = defineEndpoint({
  name: "POST /v2/wallet/keys",
  response: contract.rotateWalletKey.responses[200],
  price: () => ({ amountUsd: PRICE_PER_QUERY_USD, description: "Rotating the wallet's signing key" }),
  parse: () => null,
  run: (_input, { meta, now }) => sandboxRotation(meta, now),
});

const notAllowed = methodNotAllowed("/v2/wallet/keys", ["GET", "POST"]);
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
export const OPTIONS = notAllowed;
