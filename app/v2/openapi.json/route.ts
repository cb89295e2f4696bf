import { beginRequest } from "@/lib/http/define-endpoint";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
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

const notAllowed = methodNotAllowed("/v2/openapi.json", ["GET"]);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
export const OPTIONS = notAllowed;
