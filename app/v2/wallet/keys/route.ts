import { contract } from "@/contract";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { refuseLiveWallet } from "@/lib/wallet/refuse-live-wallet";
import { sandboxKeyState, sandboxRotation } from "@/lib/sandbox/wallet";

export const dynamic = "force-dynamic";

export const GET = defineEndpoint({
  name: "GET /v2/wallet/keys",
  response: contract.getWalletKeys.responses[200],
  price: () => ({ queries: 1, description: "Reading the wallet's signing key state" }),
  parse: (_request, { meta }) => refuseLiveWallet(meta.sandbox),
  run: (_input, { meta }) => sandboxKeyState(meta),
});

export const POST = defineEndpoint({
  name: "POST /v2/wallet/keys",
  response: contract.rotateWalletKey.responses[200],
  price: () => ({ queries: 1, description: "Rotating the wallet's signing key" }),
  parse: (_request, { meta }) => refuseLiveWallet(meta.sandbox),
  run: (_input, { meta, now }) => sandboxRotation(meta, now),
});

const notAllowed = methodNotAllowed("/v2/wallet/keys", ["GET", "POST"]);
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
export const OPTIONS = notAllowed;
