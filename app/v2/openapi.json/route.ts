import { beginRequest } from "@/lib/http/define-endpoint";
import { refuseOtherMethods } from "@/lib/http/method-not-allowed";
import { buildOpenApi } from "@/lib/openapi/build-openapi";

export const dynamic = "force-dynamic";

const documents = new Map<string, string>();

// Free. Generated once per public origin (the document names its server and links its docs).
export async function GET(request: Request): Promise<Response> {
  const { baseUrl } = beginRequest(request);
  let body = documents.get(baseUrl);
  if (!body) {
    body = JSON.stringify(buildOpenApi(baseUrl));
    documents.set(baseUrl, body);
  }
  return new Response(body, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("/v2/openapi.json", ["GET"]);
