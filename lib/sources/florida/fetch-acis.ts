// The requests Florida's ACIS API needs for one case (`https://acis-api.flcourts.gov`, public JSON, no login;
// paced at about 2.5 requests a second by the court HTTP client): the list of courts (kept a day: it names
// each court's id in the API), a case search by number, and the case's parties and docket entries, each a
// paged list (50 a page; entries newest first).
import { getEnv } from "@/lib/env";
import { CourtHttpError, getCourtHttpClient, type CourtResponse } from "../http/court-http-client";
import { onOwnFetchDeadline } from "../http/fetch-deadline";
import { asShared } from "../http/request-priority";
import type { PageRefusal } from "../types";
import { readAcisCourts, type AcisCourt } from "./read-acis-courts";

export const ACIS_PAGE_SIZE = 50;
const COURTS_KEPT_MS = 24 * 3_600_000;

const url = (path: string, query: Record<string, string> = {}) => {
  const target = new URL(path, getEnv().ACIS_BASE_URL);
  for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
  return target.toString();
};

const get = (target: string, label: string, signal: AbortSignal) =>
  getCourtHttpClient().request({ url: target, signal, label, headers: { accept: "application/json" } });

let courts: { base: string; at: number; list: Promise<AcisCourt[] | PageRefusal> } | null = null;

/**
 * ACIS's courts (or why they could not be read), asked at most once a day per process. The one request serves
 * every caller waiting meanwhile, so it is made on its own deadline and at live priority (request-priority.ts),
 * not on the signal and priority of the caller that started it (a refresh run's, aborted, failed them all);
 * each caller stops waiting at its own deadline.
 */
export function fetchAcisCourts(signal: AbortSignal): Promise<AcisCourt[] | PageRefusal> {
  const base = getEnv().ACIS_BASE_URL;
  if (!courts || courts.base !== base || Date.now() - courts.at > COURTS_KEPT_MS) {
    const timeoutMs = getEnv().SOURCE_TIMEOUT_MS;
    // Its own deadline in async context too (fetch-deadline.ts): a court's quiet that the starting fetch
    // cannot wait for, another fetch waiting for the list may.
    const asked = asShared(() => onOwnFetchDeadline(Date.now() + timeoutMs, () => get(url("/courts"), "acis:courts", AbortSignal.timeout(timeoutMs))));
    const list = asked.then((response) =>
      response.status === 200 ? readAcisCourts(response.text()) : ({ kind: "refused", reason: "error_page", message: `the list of courts answered HTTP ${response.status}` } as const),
    );
    courts = { base, at: Date.now(), list };
    // A failed reading is not kept: the next fetch asks again.
    list.then(
      (value) => {
        if (!Array.isArray(value) && courts?.list === list) courts = null;
      },
      () => {
        if (courts?.list === list) courts = null;
      },
    );
  }
  return untilAborted(courts.list, signal);
}

/** The shared work, or the caller's own deadline: a court request aborted, as the client reports one. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  const aborted = () => new CourtHttpError("the list of ACIS's courts did not come within the fetch's deadline", "aborted", 0, false);
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(aborted());
    signal.addEventListener("abort", abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", abort);
        reject(error);
      },
    );
  });
}

/** The case search, by exact case number. */
export function searchAcisCase(caseNumber: string, signal: AbortSignal): Promise<CourtResponse> {
  return get(url("/courts/cms/cases/", { caseNumber, page: "0", size: String(ACIS_PAGE_SIZE) }), "acis:search", signal);
}

/** One page of a case's parties or docket entries. */
export function fetchAcisCasePage(list: "parties" | "docketentries", courtId: string, caseId: string, page: number, signal: AbortSignal): Promise<CourtResponse> {
  const path = `/courts/${encodeURIComponent(courtId)}/cms/cases/${encodeURIComponent(caseId)}/${list}`;
  return get(url(path, { page: String(page), size: String(ACIS_PAGE_SIZE) }), `acis:${list}`, signal);
}

/** Tests that change ACIS_BASE_URL: the list of courts is asked again. */
export function forgetAcisCourtsForTests(): void {
  courts = null;
}
