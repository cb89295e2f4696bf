// GET /, the status page: rendered once per state (operational status, the courts' notes, the minute it
// shows) and filter set, and answered from those bytes, with an ETag over them so a browser that has the
// page gets a 304. Compression is left to the server (`next start`) or the platform (Vercel): Next.js
// drops a route's own Content-Encoding header, so stored gzip bytes cannot be sent as such.
import { createHash } from "node:crypto";
import { API_VERSION } from "@/contract";
import { readStatusState } from "./get-status";
import { renderStatusPage } from "./render-status-page";
import { readFilters } from "./summarize-registry";
import { ifNoneMatchHolds } from "@/lib/http/if-none-match";

/** Pages kept: the unfiltered page and the filter sets people are using, ~2 MB each. */
const MAX_PAGES = 16;

interface StoredPage {
  etag: string;
  html: Uint8Array<ArrayBuffer>;
}

const pages = new Map<string, StoredPage>();
const ENCODER = new TextEncoder();

export async function serveStatusPage(request: Request, now: () => Date = () => new Date()): Promise<Response> {
  const url = new URL(request.url);
  const params: Record<string, string[]> = {};
  for (const key of new Set(url.searchParams.keys())) params[key] = url.searchParams.getAll(key);
  const filters = readFilters(params);
  const state = await readStatusState(false);
  const at = now();
  // Everything the page shows: the notices' courts (their key) and whether the database could be read.
  const key = JSON.stringify([at.toISOString().slice(0, 16), API_VERSION, state.operational_status, state.courts.key, state.notices.unreadable, filters]);

  // Looked up after the await: rendering is synchronous, so the first request of a state stores the page
  // before any other request of it gets here.
  let page = pages.get(key);
  if (page) {
    pages.delete(key);
    pages.set(key, page); // most recently used last
  } else {
    const html = ENCODER.encode(
      renderStatusPage({
        status: { api_version: API_VERSION, operational_status: state.operational_status, courts: state.courts.courts },
        notices: state.notices,
        filters,
        now: at,
      }),
    );
    // Over the bytes themselves: another deployment's page (registry, markup) never matches by accident.
    page = { etag: `W/"${createHash("sha256").update(html).digest("hex").slice(0, 24)}"`, html };
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
  }

  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    // Revalidated on every visit (the status moves), which the ETag makes a 304 while nothing changed.
    "cache-control": "no-cache",
    etag: page.etag,
  };
  if (ifNoneMatchHolds(request.headers.get("if-none-match"), page.etag)) return new Response(null, { status: 304, headers });
  return new Response(page.html, { headers });
}
