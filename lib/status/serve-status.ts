// GET /v2/status, served from a precomputed body: the court registry is serialized once per registry
// version (the courts are most of the bytes), answered with a weak ETag over what can change, and a 304
// when the caller already has it. Cacheable by CDNs for a minute (operational status moves slowly).
import { createHash } from "node:crypto";
import { API_VERSION } from "@/contract";
import { COURTS, toPublicCourt } from "@/lib/courts/registry";
import { applyRequestSwitches, beginRequest, errorResponse } from "@/lib/http/define-endpoint";
import { limitSandbox } from "@/lib/limits/limit-sandbox";
import { getPrisma } from "@/lib/db";
import { statusMeta } from "@/lib/meta";
import { feeBudgetNotice, withBudgetNote } from "@/lib/sources/pacer/fee-budget-notice";
import { operationalStatus } from "./get-status";

const COURTS_JSON = JSON.stringify(COURTS.map(toPublicCourt));
/** Changes whenever any court's public fields change. */
export const REGISTRY_VERSION = createHash("sha256").update(COURTS_JSON).digest("hex").slice(0, 16);

const CACHE_CONTROL = "public, max-age=60, s-maxage=60, stale-while-revalidate=300";
// The sandbox answer (always "degraded") must never be stored where the live one is looked up: the
// X-Service-Test header turns it on at the same URL, so sandbox answers are not stored and every answer
// varies on that header.
const SANDBOX_CACHE_CONTROL = "no-store";

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag.replace(/^W\//, "");
  });
}

export async function serveStatus(request: Request): Promise<Response> {
  const context = beginRequest(request);
  try {
    applyRequestSwitches(context);
    if (context.meta.sandbox) await limitSandbox(request);
    const status = await operationalStatus(context.meta.sandbox);
    // While PACER's fee budget is spent, the courts it serves say so in their notes (lib/sources/pacer/fee-budget-notice.ts).
    const notice = context.meta.sandbox ? null : await feeBudgetNotice(await getPrisma(), new Date()).catch(() => null);
    const courtsJson = notice ? JSON.stringify(COURTS.map((court) => toPublicCourt(withBudgetNote(court, notice)))) : COURTS_JSON;
    const changelogUrl = `${context.baseUrl}/docs/changelog`;
    const etag = `W/"${createHash("sha256").update(`${REGISTRY_VERSION}|${API_VERSION}|${status}|${changelogUrl}|${notice?.resetsAt.toISOString() ?? ""}`).digest("hex").slice(0, 24)}"`;
    const headers = {
      etag,
      "cache-control": context.meta.sandbox ? SANDBOX_CACHE_CONTROL : CACHE_CONTROL,
      vary: "X-Service-Test",
      "x-request-id": context.meta.request_id,
    };
    if (matches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    const head = JSON.stringify({
      meta: statusMeta(context.meta),
      api_version: API_VERSION,
      changelog_url: changelogUrl,
      operational_status: status,
    });
    return new Response(`${head.slice(0, -1)},"courts":${courtsJson}}`, {
      status: 200,
      headers: { ...headers, "content-type": "application/json; charset=utf-8" },
    });
  } catch (error) {
    return errorResponse(error, context, "GET /v2/status");
  }
}
