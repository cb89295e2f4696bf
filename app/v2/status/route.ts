import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { serveStatus } from "@/lib/status/serve-status";

export const dynamic = "force-dynamic";

// Free, precomputed and cacheable (lib/status/serve-status.ts): the one endpoint outside defineEndpoint.
export const GET = serveStatus;

const notAllowed = methodNotAllowed("/v2/status", ["GET"]);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
export const OPTIONS = notAllowed;
