import { refuseOtherMethods } from "@/lib/http/method-not-allowed";
import { serveStatus } from "@/lib/status/serve-status";

export const dynamic = "force-dynamic";

// Free, precomputed and cacheable (lib/status/serve-status.ts): outside defineEndpoint, like /v2/mcp and
// /v2/openapi.json.
export const GET = serveStatus;

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("/v2/status", ["GET", "HEAD"]);
