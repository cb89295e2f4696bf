// GET /v2/status, served from a precomputed body: the court registry is serialized and encoded once per
// state of its notes (lib/status/court-notices.ts; the courts are most of the bytes, ~900 KB: sent as they
// are in each answer, never serialized, encoded or copied again), answered with a weak ETag over what can
// change (the courts' bytes by their hash, the status, the version: computed once per state), and a 304 when
// the caller already has it. Cacheable by CDNs for a minute (operational status moves slowly; this instance reads it at
// most every few seconds, lib/status/status-memo.ts).
import { createHash } from "node:crypto";
import { API_VERSION } from "@/contract";
import { applyRequestSwitches, beginRequest, errorResponse } from "@/lib/http/define-endpoint";
import { ifNoneMatchHolds } from "@/lib/http/if-none-match";
import { refuseQueryParameters } from "@/lib/http/parse-input";
import { limitSandbox } from "@/lib/limits/limit-sandbox";
import { readStatusState, statusPrefix } from "./get-status";
import { rememberBounded } from "./status-memo";

const CLOSING = Buffer.from("}", "utf8");

/** One per state (registry, status, notices, base URL). */
const etags = new Map<string, string>();
/** The courts' bytes and the closing brace, one buffer per state of the courts: each answer is its meta and this. */
const tails = new Map<string, Buffer>();

const CACHE_CONTROL = "public, max-age=60, s-maxage=60, stale-while-revalidate=300";
// The sandbox answer (always "degraded") must never be stored where the live one is looked up: the
// X-Service-Test header turns it on at the same URL, so sandbox answers are not stored and every answer
// varies on that header.
const SANDBOX_CACHE_CONTROL = "no-store";

export async function serveStatus(request: Request): Promise<Response> {
  const context = beginRequest(request);
  try {
    applyRequestSwitches(context);
    // No filters here: the registry is one cacheable document (the status page at / has the filters).
    refuseQueryParameters(request);
    if (context.meta.sandbox) await limitSandbox(request);
    // The affected courts' notes say what a query of them does now (lib/status/court-notices.ts).
    const { operational_status: status, courts } = await readStatusState(context.meta.sandbox);
    const changelogUrl = `${context.baseUrl}/docs/changelog`;
    // courts.version hashes the courts' bytes, their notes included.
    const state = `${courts.version}|${API_VERSION}|${status}|${changelogUrl}`;
    const etag = rememberBounded(etags, state, () => `W/"${createHash("sha256").update(state).digest("hex").slice(0, 24)}"`);
    const headers = {
      etag,
      "cache-control": context.meta.sandbox ? SANDBOX_CACHE_CONTROL : CACHE_CONTROL,
      // Accept-Encoding too, though Next.js adds it to the 200 it compresses: a 304 must carry the 200's Vary
      // (RFC 9110 §15.4.5), and the compression step, which writes it, passes over a 304.
      vary: "X-Service-Test, Accept-Encoding",
      "x-request-id": context.meta.request_id,
    };
    if (ifNoneMatchHolds(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    const prefix = statusPrefix({ operational_status: status }, context.meta, changelogUrl);
    // Two chunks, the second shared by every answer of the state, never copied: a 900 KB copy per answer was
    // garbage enough to slow the gzipped answers (next start compresses each) by a fifth under load, and each
    // chunk costs a gzipped answer a turn of the event loop (Next.js flushes after every one), which a busy
    // server (batches yield between results) makes long.
    const tail = rememberBounded(tails, courts.version, () => Buffer.concat([courts.bytes, CLOSING]));
    const chunks = [Buffer.from(prefix, "utf8"), tail];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    return new Response(body, {
      status: 200,
      headers: { ...headers, "content-type": "application/json; charset=utf-8" },
    });
  } catch (error) {
    return errorResponse(error, context, "GET /v2/status");
  }
}
