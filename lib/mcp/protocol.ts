// What MCP asks of a Streamable HTTP server besides JSON-RPC: protocol version negotiation, the
// MCP-Protocol-Version header, and Origin validation against DNS rebinding (MCP 2025-11-25,
// "Lifecycle" and "Transports").
import { MCP_PROTOCOL_VERSION } from "@/contract";
import { getEnv } from "@/lib/env";

/**
 * Every protocol version the official MCP SDKs released in the last 12 months speak (TypeScript SDK
 * 1.22 tops out at 2025-06-18, 1.24+ at 2025-11-25; the older ones are still negotiable by both). This
 * server's answers are the same JSON in all of them: fields a version does not know (title,
 * structuredContent, _meta) are ignored by its clients.
 */
export const SUPPORTED_PROTOCOL_VERSIONS = [MCP_PROTOCOL_VERSION, "2025-06-18", "2025-03-26", "2024-11-05"] as const;

/** initialize: the client's version when this server speaks it, else this server's latest (the client decides). */
export function negotiateProtocolVersion(requested: unknown): string {
  return typeof requested === "string" && (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(requested) ? requested : MCP_PROTOCOL_VERSION;
}

/** After initialize, clients send MCP-Protocol-Version; an unsupported one is refused with 400. */
export function unsupportedProtocolHeader(request: Request): string | null {
  const header = request.headers.get("mcp-protocol-version");
  if (header === null) return null; // absent: 2025-03-26 is assumed, which is supported
  return (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(header.trim()) ? null : header;
}

/**
 * A browser page may call /v2/mcp only from this deployment's origin or one MCP_ALLOWED_ORIGINS names
 * (`*`: any). Requests without Origin (agents, SDK clients, curl) are not from a browser page and pass.
 */
export function originAllowed(request: Request, ownOrigin: string): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  const allowed = getEnv().MCP_ALLOWED_ORIGINS;
  if (allowed.includes("*")) return true;
  const normalized = origin.trim().replace(/\/+$/, "").toLowerCase();
  return [ownOrigin, ...allowed].some((candidate) => candidate.toLowerCase() === normalized);
}
