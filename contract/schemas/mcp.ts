// JSON-RPC 2.0 messages of the MCP Streamable HTTP endpoint (one message per POST).
import { z } from "zod";

export const MCP_PROTOCOL_VERSION = "2025-11-25";

const jsonRpcId = z.union([z.string(), z.number().int()]);

export const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal("2.0"),
  /** Absent on notifications. */
  id: jsonRpcId.optional(),
  method: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type JsonRpcRequest = z.infer<typeof jsonRpcRequestSchema>;

export const jsonRpcErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});

export const jsonRpcResponseSchema = z.union([
  z.object({ jsonrpc: z.literal("2.0"), id: jsonRpcId, result: z.record(z.string(), z.unknown()) }),
  z.object({ jsonrpc: z.literal("2.0"), id: jsonRpcId.nullable(), error: jsonRpcErrorSchema }),
]);
export type JsonRpcResponse = z.infer<typeof jsonRpcResponseSchema>;
