import { contract } from "@/contract";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { getStatus } from "@/lib/status/get-status";

export const dynamic = "force-dynamic";

export const GET = defineEndpoint({
  name: "GET /v2/status",
  response: contract.getStatus.responses[200],
  parse: () => null,
  run: (_input, { meta, baseUrl }) => getStatus({ meta, baseUrl }),
});
