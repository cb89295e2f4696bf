import { contract } from "@/contract";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { refuseOtherMethods } from "@/lib/http/method-not-allowed";
import { refuseQueryParameters } from "@/lib/http/parse-input";
import { getKeyState } from "@/lib/keys/get-key-state";
import { rotateSigningKey } from "@/lib/keys/rotate-signing-key";
import { getPrisma } from "@/lib/db";
import { pricePerQueryUsd } from "@/lib/pricing";
import { sandboxKeyState, sandboxRotation } from "@/lib/sandbox/wallet";

export const dynamic = "force-dynamic";

export const GET = defineEndpoint({
  name: "GET /v2/wallet/keys",
  response: contract.getWalletKeys.responses[200],
  price: () => ({ queries: 1, description: "Reading the wallet's signing key state" }),
  privateAnswer: true,
  parse: (request) => refuseQueryParameters(request),
  run: async (_input, { meta, now, wallet }) =>
    wallet === null
      ? sandboxKeyState(meta)
      : getKeyState({ prisma: await getPrisma(), wallet, meta, queryCostUsd: pricePerQueryUsd(), now }),
});

export const POST = defineEndpoint({
  name: "POST /v2/wallet/keys",
  response: contract.rotateWalletKey.responses[200],
  price: () => ({ queries: 1, description: "Rotating the wallet's signing key" }),
  privateAnswer: true,
  parse: (request) => refuseQueryParameters(request),
  run: async (_input, { meta, now, wallet }) =>
    wallet === null
      ? sandboxRotation(meta, now)
      : rotateSigningKey({ prisma: await getPrisma(), wallet, meta, queryCostUsd: pricePerQueryUsd(), now, pendingRequestId: meta.request_id }),
});

// HEAD too: Next would otherwise answer it by running GET, a paid query whose answer HEAD drops.
export const { PUT, PATCH, DELETE, OPTIONS, HEAD } = refuseOtherMethods("/v2/wallet/keys", ["GET", "POST"]);
