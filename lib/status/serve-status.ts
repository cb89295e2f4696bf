// GET /v2/status, served from a precomputed body: the court registry is serialized and encoded once per
// registry version (the courts are most of the bytes, ~900 KB: copied into each answer, never serialized or
// encoded again), answered with a weak ETag over what can change (computed once per state), and a 304 when
// the caller already has it. Cacheable by CDNs for a minute (operational status moves slowly; this
// instance reads it at most every few seconds, lib/status/status-memo.ts).
import { createHash } from "node:crypto";
import { API_VERSION } from "@/contract";
import { COURTS, toPublicCourt } from "@/lib/courts/registry";
import { applyRequestSwitches, beginRequest, errorResponse } from "@/lib/http/define-endpoint";
import { refuseQueryParameters } from "@/lib/http/parse-input";
import { limitSandbox } from "@/lib/limits/limit-sandbox";
import { getPrisma } from "@/lib/db";
import { statusMeta } from "@/lib/meta";
import { feeBudgetNotice, withBudgetNote, type FeeBudgetNotice } from "@/lib/sources/pacer/fee-budget-notice";
import { operationalStatus } from "./get-status";

const COURTS_JSON = JSON.stringify(COURTS.map(toPublicCourt));
/** Changes whenever any court's public fields change. */
export const REGISTRY_VERSION = createHash("sha256").update(COURTS_JSON).digest("hex").slice(0, 16);
const COURTS_BYTES = Buffer.from(COURTS_JSON, "utf8");
const CLOSING = Buffer.from("}", "utf8");

/** A few states at most (the registry, while a fee budget notice holds, per reset time): kept small anyway. */
function remembered<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= 16) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}
const noticeCourts = new Map<string, Buffer>();
const etags = new Map<string, string>();

/** The courts' JSON as UTF-8; while PACER's fee budget is spent, with the notes that say so. */
function courtsBytes(notice: FeeBudgetNotice | null): Buffer {
  if (!notice) return COURTS_BYTES;
  return remembered(noticeCourts, `${notice.scope}|${notice.resetsAt.toISOString()}`, () =>
    Buffer.from(JSON.stringify(COURTS.map((court) => toPublicCourt(withBudgetNote(court, notice)))), "utf8"),
  );
}

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
    // No filters here: the registry is one cacheable document (the status page at / has the filters).
    refuseQueryParameters(request);
    if (context.meta.sandbox) await limitSandbox(request);
    const status = await operationalStatus(context.meta.sandbox);
    // While PACER's fee budget is spent, the courts it serves say so in their notes (lib/sources/pacer/fee-budget-notice.ts).
    const notice = context.meta.sandbox ? null : await feeBudgetNotice(await getPrisma(), new Date()).catch(() => null);
    const changelogUrl = `${context.baseUrl}/docs/changelog`;
    const state = `${REGISTRY_VERSION}|${API_VERSION}|${status}|${changelogUrl}|${notice?.resetsAt.toISOString() ?? ""}`;
    const etag = remembered(etags, state, () => `W/"${createHash("sha256").update(state).digest("hex").slice(0, 24)}"`);
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
    const body = Buffer.concat([Buffer.from(`${head.slice(0, -1)},"courts":`, "utf8"), courtsBytes(notice), CLOSING]);
    return new Response(body, {
      status: 200,
      headers: { ...headers, "content-type": "application/json; charset=utf-8" },
    });
  } catch (error) {
    return errorResponse(error, context, "GET /v2/status");
  }
}
