// POST /v2/mcp: MCP Streamable HTTP (protocol 2025-11-25), one JSON-RPC message per request,
// answered with a JSON body (no SSE stream). Notifications get 204 with no body.
import { API_VERSION, MCP_PROTOCOL_VERSION, jsonRpcRequestSchema, type JsonRpcResponse } from "@/contract";
import { ServiceError, internalError, toErrorObject } from "@/lib/errors";
import { applyRequestSwitches, beginRequest, errorResponse, type RequestContext } from "@/lib/http/define-endpoint";
import { readBodyText } from "@/lib/http/parse-input";
import { limitSandbox } from "@/lib/limits/limit-sandbox";
import { logError } from "@/lib/log";
import {
  RPC_INVALID_PARAMS,
  RPC_INVALID_REQUEST,
  RPC_METHOD_NOT_FOUND,
  RPC_PARSE_ERROR,
  TOOL_ERROR_CODES,
} from "./rpc-errors";
import { TOOLS, toolJsonSchema } from "./tools";

type RpcId = string | number | null;

const toolsByName = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** One JSON-RPC message; a 50-query batch call is a few KB. */
const MCP_BODY_LIMIT = 512 * 1024;

export async function handleMcpRequest(request: Request): Promise<Response> {
  const context = beginRequest(request);
  try {
    applyRequestSwitches(context);
  } catch (error) {
    return errorResponse(error, context, "POST /v2/mcp");
  }

  let text: string;
  try {
    text = await readBodyText(request, MCP_BODY_LIMIT, () => new ServiceError("invalid_parameter", "too large"));
  } catch {
    return rpcError(context, null, RPC_INVALID_REQUEST, `Invalid Request: the message is larger than ${MCP_BODY_LIMIT / 1024} KB`);
  }
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return rpcError(context, null, RPC_PARSE_ERROR, "Parse error: the body is not valid JSON");
  }
  if (Array.isArray(message)) {
    return rpcError(context, null, RPC_INVALID_REQUEST, "Invalid Request: JSON-RPC batches are not supported by MCP 2025-11-25");
  }
  const parsed = jsonRpcRequestSchema.safeParse(message);
  if (!parsed.success) {
    const id = (message as { id?: unknown } | null)?.id;
    return rpcError(
      context,
      typeof id === "string" || typeof id === "number" ? id : null,
      RPC_INVALID_REQUEST,
      "Invalid Request: expected a JSON-RPC 2.0 request object",
    );
  }
  const { id, method, params } = parsed.data;
  if (id === undefined) {
    // Notifications (notifications/initialized, notifications/cancelled, ...) are acknowledged without a body.
    return new Response(null, { status: 204, headers: { "x-request-id": context.meta.request_id } });
  }

  switch (method) {
    case "initialize":
      return rpcResult(context, id, {
        protocolVersion: MCP_PROTOCOL_VERSION,
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: "court-docket-api", title: "Court docket monitoring", version: API_VERSION },
        instructions:
          "Court dockets for AI agents. Free: service_status, service_court_list, service_pricing. " +
          "Paid tools take payment_tx (base64 x402 payload). Add ?test=1 to the server URL for free sandbox fixtures.",
      });
    case "ping":
      return rpcResult(context, id, {});
    case "tools/list":
      return rpcResult(context, id, {
        tools: TOOLS.map((tool) => ({
          name: tool.name,
          title: tool.title,
          description: tool.description,
          inputSchema: toolJsonSchema(tool),
        })),
      });
    case "tools/call":
      return callTool(context, id, params ?? {});
    default:
      return rpcError(context, id, RPC_METHOD_NOT_FOUND, `Method not found: ${method}`);
  }
}

async function callTool(context: RequestContext, id: RpcId, params: Record<string, unknown>): Promise<Response> {
  const name = params.name;
  const tool = typeof name === "string" ? toolsByName.get(name) : undefined;
  if (!tool) {
    return rpcError(context, id, RPC_INVALID_PARAMS, `Unknown tool: ${typeof name === "string" ? name : "(missing name)"}`);
  }
  const args = params.arguments ?? {};
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return rpcError(context, id, RPC_INVALID_PARAMS, "Invalid params: arguments must be an object");
  }
  try {
    if (context.meta.sandbox) await limitSandbox(context.request);
    const result = await tool.run(args as Record<string, unknown>, context);
    return rpcResult(context, id, {
      content: [{ type: "text", text: JSON.stringify(result.value) }],
      structuredContent: result.value as Record<string, unknown>,
      isError: false,
      // HTTP sends the settlement as PAYMENT-RESPONSE; a tool result carries it here.
      ...(result.payment && Object.keys(result.payment).length > 0 ? { _meta: { "x402/payment-response": Object.values(result.payment)[0] } } : {}),
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) logError(context.meta.request_id, `MCP tool ${tool.name} failed`, error);
    const serviceError = error instanceof ServiceError ? error : internalError();
    return rpcError(context, id, TOOL_ERROR_CODES[serviceError.code], serviceError.message, {
      ...toErrorObject(serviceError, context.baseUrl),
      request_id: context.meta.request_id,
    });
  }
}

function rpcResult(context: RequestContext, id: RpcId, result: Record<string, unknown>): Response {
  return json(context, { jsonrpc: "2.0", id: id ?? 0, result });
}

function rpcError(context: RequestContext, id: RpcId, code: number, message: string, data?: unknown): Response {
  return json(context, { jsonrpc: "2.0", id, error: { code, message, ...(data === undefined ? {} : { data }) } });
}

function json(context: RequestContext, body: JsonRpcResponse): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "x-request-id": context.meta.request_id,
      "cache-control": "no-store",
    },
  });
}
