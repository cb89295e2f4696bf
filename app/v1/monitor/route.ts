import { GET as v2Monitor } from "@/app/v2/monitor/route";
import { refuseOtherMethods } from "@/lib/http/method-not-allowed";
import { refuseNonUsCourt, serveV1, v1MethodNotAllowed } from "@/lib/v1/serve-v1";
import { monitorToV1 } from "@/lib/v1/to-v1";

export const dynamic = "force-dynamic";

// Deprecated (sunset 2027-04-28): GET /v2/monitor in v1's shape. v1's last_checked was optional: without
// it, every filing of the case counts (as if last_checked were the epoch).
export const GET = (request: Request) =>
  serveV1(request, {
    v2Path: "/v2/monitor",
    v2Handler: v2Monitor,
    rewriteQuery: (query) => {
      const rewritten = new URLSearchParams(query);
      refuseNonUsCourt(rewritten);
      if (!rewritten.has("last_checked")) rewritten.set("last_checked", "1970-01-01T00:00:00Z");
      return rewritten;
    },
    toV1: monitorToV1,
  });

// HEAD too: Next would otherwise answer it by running GET, a paid query whose answer HEAD drops.
export const { POST, PUT, PATCH, DELETE, OPTIONS, HEAD } = refuseOtherMethods("/v1/monitor", ["GET"], v1MethodNotAllowed("/v1/monitor", "/v2/monitor"));
