import { GET as v2Status } from "@/app/v2/status/route";
import { refuseOtherMethods } from "@/lib/http/method-not-allowed";
import { serveV1, v1MethodNotAllowed } from "@/lib/v1/serve-v1";
import { statusToV1 } from "@/lib/v1/to-v1";

export const dynamic = "force-dynamic";

// Deprecated (sunset 2027-04-28): GET /v2/status in v1's shape (US courts, no meta). v1 ignored query
// parameters other than the sandbox switch, and still does (v2 refuses them).
const keepSandboxSwitch = (query: URLSearchParams) => new URLSearchParams([...query].filter(([name]) => name === "test"));
export const GET = (request: Request) => serveV1(request, { v2Path: "/v2/status", v2Handler: v2Status, rewriteQuery: keepSandboxSwitch, toV1: statusToV1 });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("/v1/status", ["GET"], v1MethodNotAllowed("/v1/status", "/v2/status"));
