import { refuseOtherMethods } from "@/lib/http/method-not-allowed";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

export const dynamic = "force-dynamic";

export const POST = handleMcpRequest;

// MCP here is POST only: GET (no SSE stream is offered) and every other method answer 405.
export const { GET, PUT, PATCH, DELETE, OPTIONS, HEAD } = refuseOtherMethods("/v2/mcp", ["POST"]);
