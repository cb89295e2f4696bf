// POST /v2/mcp: MCP Streamable HTTP (protocol 2025-11-25, and the earlier versions clients still speak:
// lib/mcp/protocol.ts), one JSON-RPC message per request, answered with a JSON body (no SSE stream).
// Notifications get 204 with no body. Payments follow x402's MCP transport too: the payload in
// params._meta["x402/payment"] (or the payment_tx argument), the settlement in result._meta.
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload } from "@x402/core/types";
import { API_VERSION, jsonRpcRequestSchema, type JsonRpcResponse } from "@/contract";
import { ServiceError, internalError, toErrorObject } from "@/lib/errors";
import { applyRequestSwitches, beginRequest, errorResponse, type RequestContext } from "@/lib/http/define-endpoint";
import { readBodyText } from "@/lib/http/parse-input";
import { limitSandbox } from "@/lib/limits/limit-sandbox";
import { logError } from "@/lib/log";
import { rememberBounded } from "@/lib/status/status-memo";
import {
  RPC_INVALID_PARAMS,
  RPC_INVALID_REQUEST,
  RPC_METHOD_NOT_FOUND,
  RPC_PARSE_ERROR,
  TOOL_ERROR_CODES,
} from "./rpc-errors";
import { SUPPORTED_PROTOCOL_VERSIONS, negotiateProtocolVersion, originAllowed, unsupportedProtocolHeader } from "./protocol";
import { TOOLS, toolJsonSchema, type ToolResult } from "./tools";

type RpcId = string | number | null;

const toolsByName = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** One JSON-RPC message; a 50-query batch call is a few KB. */
const MCP_BODY_LIMIT = 512 * 1024;

/**
 * A tool result is sent once: as structuredContent plus the same JSON in a text block (what the MCP spec
 * asks for compatibility) while it is small, and as the text block alone above this size, so a large
 * answer (a 50-case batch) is not sent twice. No tool declares an outputSchema, so clients need no
 * structuredContent; the text block is what every MCP client reads.
 */
export const MCP_STRUCTURED_LIMIT_BYTES = 1024 * 1024;

export async function handleMcpRequest(request: Request): Promise<Response> {
  const context = beginRequest(request);
  try {
    applyRequestSwitches(context);
  } catch (error) {
    return errorResponse(error, context, "POST /v2/mcp");
  }
  // DNS rebinding: a page on another origin must not drive this server through a browser (MCP transports).
  if (!originAllowed(request, context.baseUrl)) {
    return rpcError(context, null, RPC_INVALID_REQUEST, `Forbidden: Origin ${request.headers.get("origin")?.slice(0, 100)} may not call this MCP server`, undefined, 403);
  }
  const badVersion = unsupportedProtocolHeader(request);
  if (badVersion !== null) {
    const supported = SUPPORTED_PROTOCOL_VERSIONS.join(", ");
    const refusal = new ServiceError("invalid_parameter", `MCP-Protocol-Version "${badVersion.slice(0, 40)}" is not supported; this server speaks ${supported}.`, { parameter: "MCP-Protocol-Version" });
    return errorResponse(refusal, context, "POST /v2/mcp");
  }

  let text: string;
  const tooLarge = new ServiceError("invalid_parameter", "too large");
  try {
    text = await readBodyText(request, MCP_BODY_LIMIT, () => tooLarge);
  } catch (error) {
    const why = error === tooLarge ? `the message is larger than ${MCP_BODY_LIMIT / 1024} KB` : "the message did not arrive whole (the connection closed before its end)";
    return rpcError(context, null, RPC_INVALID_REQUEST, `Invalid Request: ${why}`);
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
        protocolVersion: negotiateProtocolVersion(params?.protocolVersion),
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: "court-docket-api", title: "Court docket monitoring", version: API_VERSION },
        instructions:
          "Court dockets for AI agents. Free: service_status, service_court_list, service_pricing. " +
          "Paid tools take an x402 payment: params._meta[\"x402/payment\"] (the PaymentPayload) or the payment_tx argument " +
          "(the same payload, base64); the settlement comes back in result._meta[\"x402/payment-response\"]. " +
          "Add ?test=1 to the server URL for free sandbox fixtures.",
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
    const result = await tool.run(args as Record<string, unknown>, context, { metaPayment: metaPayment(params._meta) });
    return toolResult(context, id, result);
  } catch (error) {
    if (!(error instanceof ServiceError)) logError(context.meta.request_id, `MCP tool ${tool.name} failed`, error);
    const serviceError = error instanceof ServiceError ? error : internalError();
    return rpcError(context, id, TOOL_ERROR_CODES[serviceError.code], serviceError.message, {
      ...toErrorObject(serviceError, context.baseUrl),
      request_id: context.meta.request_id,
      ...x402PaymentRequired(serviceError),
    });
  }
}

/**
 * x402's MCP clients put the PaymentPayload object in params._meta["x402/payment"]; it is the payload
 * payment_tx carries base64-encoded, so it is encoded the same way (a base64 string is taken as it is).
 */
function metaPayment(meta: unknown): string | undefined {
  if (typeof meta !== "object" || meta === null) return undefined;
  const payment = (meta as Record<string, unknown>)["x402/payment"];
  if (payment === undefined || payment === null) return undefined;
  if (typeof payment === "string") return payment;
  if (typeof payment !== "object" || Array.isArray(payment)) {
    throw new ServiceError("invalid_parameter", '_meta["x402/payment"] must be an x402 PaymentPayload object.', { parameter: '_meta["x402/payment"]' });
  }
  return encodePaymentSignatureHeader(payment as PaymentPayload);
}

/** A payment_required error's data also carries x402's PaymentRequired fields (x402Version, resource, accepts). */
function x402PaymentRequired(error: ServiceError): Record<string, unknown> {
  const header = error.transport.headers?.["payment-required"];
  if (error.code !== "payment_required" || !header) return {};
  try {
    const { x402Version, resource, accepts, extensions } = decodePaymentRequiredHeader(header);
    return { x402Version, resource, accepts, ...(extensions ? { extensions } : {}), error: error.message };
  } catch {
    return {};
  }
}

/** A settlement's headers (PAYMENT-RESPONSE) as x402's SettleResponse object, for a result's `_meta`. */
function settleResponse(headers: Record<string, string> | undefined): unknown {
  const header = headers ? Object.values(headers)[0] : undefined;
  if (!header) return undefined;
  try {
    return decodePaymentResponseHeader(header);
  } catch {
    return undefined;
  }
}

/**
 * A tool's JSON-RPC result: the value's JSON as the text content and, up to MCP_STRUCTURED_LIMIT_BYTES, as the
 * structured content, joined as bytes (what JSON.stringify of the whole result gives). A result already
 * serialized (ToolResult.serialized: the free registry tools) is copied; its keyed pieces are encoded and
 * escaped once, not per call.
 */
function toolResult(context: RequestContext, id: RpcId, result: ToolResult): Response {
  // HTTP sends the settlement as PAYMENT-RESPONSE; x402's MCP transport puts the SettleResponse here. The
  // delivery history's separate payment (service_wallet_info) has a key of its own.
  const meta = Object.fromEntries(
    [
      ["x402/payment-response", settleResponse(result.payment)],
      ["x402/payment-response-deliveries", settleResponse(result.deliveriesPayment)],
    ].filter(([, value]) => value !== undefined),
  );
  const encoded = (result.serialized ?? [{ json: JSON.stringify(result.value) }]).map(encodedPiece);
  const small = encoded.reduce((total, piece) => total + piece.json.length, 0) <= MCP_STRUCTURED_LIMIT_BYTES;
  const extra = Object.keys(meta).length > 0 ? `,"_meta":${JSON.stringify(meta)}` : "";
  const body = Buffer.concat([
    Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id ?? 0)},"result":{"content":[{"type":"text","text":"`, "utf8"),
    ...encoded.map((piece) => piece.escaped),
    Buffer.from(small ? `"}],"structuredContent":` : `"}]`, "utf8"),
    ...(small ? encoded.map((piece) => piece.json) : []),
    Buffer.from(`,"isError":false${extra}}}`, "utf8"),
  ]);
  return new Response(body, { status: 200, headers: jsonHeaders(context) });
}

/** Keyed pieces as UTF-8, as they go out: the JSON (structured content) and its escaped copy (the inside of the text content's string). */
const encodedPieces = new Map<string, { json: Buffer; escaped: Buffer }>();
const escapeText = (json: string) => JSON.stringify(json).slice(1, -1);

function encodedPiece(piece: NonNullable<ToolResult["serialized"]>[number]): { json: Buffer; escaped: Buffer } {
  const encode = () => ({ json: Buffer.from(piece.json, "utf8"), escaped: Buffer.from(escapeText(piece.json), "utf8") });
  // A few keys per registry state, as the status's own memos: the same bound.
  return piece.key === undefined ? encode() : rememberBounded(encodedPieces, piece.key, encode);
}

function rpcResult(context: RequestContext, id: RpcId, result: Record<string, unknown>): Response {
  return json(context, { jsonrpc: "2.0", id: id ?? 0, result });
}

function rpcError(context: RequestContext, id: RpcId, code: number, message: string, data?: unknown, status = 200): Response {
  return json(context, { jsonrpc: "2.0", id, error: { code, message, ...(data === undefined ? {} : { data }) } }, status);
}

function json(context: RequestContext, body: JsonRpcResponse, status = 200): Response {
  // Bytes, not a string: a string body is checked character by character for lone surrogates (undici's
  // USVString conversion), the most of the cost of a 2 MB answer.
  return new Response(Buffer.from(JSON.stringify(body), "utf8"), { status, headers: jsonHeaders(context) });
}

function jsonHeaders(context: RequestContext): Record<string, string> {
  return {
    "content-type": "application/json; charset=utf-8",
    "x-request-id": context.meta.request_id,
    "cache-control": "no-store",
  };
}
