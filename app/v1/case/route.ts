import { GET as v2Case } from "@/app/v2/case/route";
import { refuseOtherMethods } from "@/lib/http/method-not-allowed";
import { refuseNonUsCourt, rewriteDocumentTypes, serveV1, v1MethodNotAllowed } from "@/lib/v1/serve-v1";
import { caseToV1 } from "@/lib/v1/to-v1";

export const dynamic = "force-dynamic";

// Deprecated (sunset 2027-04-28): GET /v2/case with context=full, in v1's shape.
export const GET = (request: Request) =>
  serveV1(request, {
    v2Path: "/v2/case",
    v2Handler: v2Case,
    rewriteQuery: (query) => {
      const rewritten = new URLSearchParams(query);
      refuseNonUsCourt(rewritten);
      rewriteDocumentTypes(rewritten);
      rewritten.set("context", "full");
      return rewritten;
    },
    toV1: caseToV1,
  });

// HEAD too: Next would otherwise answer it by running GET, a paid query whose answer HEAD drops.
export const { POST, PUT, PATCH, DELETE, OPTIONS, HEAD } = refuseOtherMethods("/v1/case", ["GET"], v1MethodNotAllowed("/v1/case", "/v2/case"));
