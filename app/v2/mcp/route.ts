import { ServiceError } from "@/lib/errors";
import { beginRequest, errorResponse } from "@/lib/http/define-endpoint";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

export const dynamic = "force-dynamic";

export const POST = handleMcpRequest;

/** MCP here is POST only; GET (no SSE stream is offered) and every other method answer 405. */
function methodNotAllowed(request: Request): Response {
  const context = beginRequest(request);
  return errorResponse(
    new ServiceError("method_not_allowed", `${request.method} is not allowed on /v2/mcp; send JSON-RPC messages with POST.`),
    context,
    `${request.method} /v2/mcp`,
  );
}

export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
