import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

export const dynamic = "force-dynamic";

export const POST = handleMcpRequest;

// MCP here is POST only: GET (no SSE stream is offered) and every other method answer 405.
const notAllowed = methodNotAllowed("/v2/mcp", ["POST"]);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
export const OPTIONS = notAllowed;
export const HEAD = notAllowed;
