import { beginRequest } from "@/lib/http/define-endpoint";
import { refuseOtherMethods } from "@/lib/http/method-not-allowed";
import { buildOpenApi } from "@/lib/openapi/build-openapi";

export const dynamic = "force-dynamic";

const documents = new Map<string, string>();
// The origin comes from the deployment (PUBLIC_BASE_URL, the Vercel URL, or the server's own address),
// never from a request's Host: one document in practice; a few are kept in case the fallback changes.
const MAX_DOCUMENTS = 4;

// Free. Generated once per public origin (the document names its server and links its docs).
export async function GET(request: Request): Promise<Response> {
  const { baseUrl } = beginRequest(request);
  let body = documents.get(baseUrl);
  if (!body) {
    body = JSON.stringify(buildOpenApi(baseUrl));
    if (documents.size >= MAX_DOCUMENTS) documents.delete(documents.keys().next().value!);
    documents.set(baseUrl, body);
  }
  return new Response(body, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("/v2/openapi.json", ["GET", "HEAD"]);
