import { contract } from "@/contract";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { getStatus } from "@/lib/status/get-status";

export const dynamic = "force-dynamic";

export const GET = defineEndpoint({
  name: "GET /v2/status",
  response: contract.getStatus.responses[200],
  parse: () => null,
  run: (_input, { meta, baseUrl }) => getStatus({ meta, baseUrl }),
});

const notAllowed = methodNotAllowed("/v2/status", ["GET"]);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
export const OPTIONS = notAllowed;
