// The paid docket report of a court of appeals on CM/ECF appellate (court-systems.md §2): a GET of the
// TransportRoom servlet's CaseSummary.jsp by case number (no number lookup: the appellate system takes the
// number itself), with the docket entries, the originating court, the panel and the long caption; parties
// and attorneys when wanted, and only the entries dated on or after a day for an incremental reading
// (`dateFrom`). The page is read with readAppellateDocket (once, whatever asks), and a docket of another
// court or case is refused; what PACER bills for it is kept by fetch-billed-report.ts.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { DocketRead, PageRefusal } from "@/lib/sources/types";
import { fetchBilledReport } from "./fetch-billed-report";
import { transportRoomPath } from "./pacer-courts";
import type { PacerSettings } from "./pacer-settings";
import { readAppellateDocket } from "./read-appellate-docket";

export interface AppellateQuery {
  caseNumber: string;
  /** Entries dated on or after this court-local day (MM/DD/YYYY); null: the whole docket. */
  since: string | null;
  parties: boolean;
}

function appellateReportPath(courtCode: string, query: AppellateQuery): string {
  const params = new URLSearchParams({
    servlet: "CaseSummary.jsp",
    caseNum: query.caseNumber,
    incOrigDkt: "Y",
    incDktEntries: "Y",
    incPanel: "Y",
    incPtyAty: query.parties ? "Y" : "N",
    incCaption: "long",
    fullDocketReport: "Y",
    actionType: "Run Docket Report",
  });
  if (query.since) params.set("dateFrom", query.since);
  return `${transportRoomPath(courtCode)}?${params.toString()}`;
}

type AppellatePage = { kind: "docket"; reading: DocketRead; askedAt: Date } | PageRefusal;

export async function fetchAppellateReport(options: {
  prisma: PrismaClient;
  settings: PacerSettings;
  courtCode: string;
  caseId: string;
  query: AppellateQuery;
  now: Date;
  signal?: AbortSignal;
}): Promise<AppellatePage> {
  const { query } = options;
  // The login check, the refusal check and the reading are one parse of the page.
  let last: { text: string; read: ReturnType<typeof readAppellateDocket> } | null = null;
  const readOnce = (text: string) => {
    if (last?.text !== text) last = { text, read: readAppellateDocket(text) };
    return last.read;
  };
  // A docket of another court or case is no answer for this one: refused like any page that is not the docket
  // (billed, it holds the case's reports, the wait doubling with each: fetch-billed-report.ts).
  const refusalOf = (text: string): PageRefusal | null => {
    const read = readOnce(text);
    return read.kind === "refused" ? read : wrongDocket(options.courtCode, options.caseId, read);
  };
  const page = await fetchBilledReport({
    ...options,
    kind: query.since ? (query.parties ? "docket_parties" : "docket_since") : "docket_full",
    path: appellateReportPath(options.courtCode, query),
    label: query.since ? "pacer:appellate_since" : "pacer:appellate_full",
    refusalOf,
  });
  if (page.kind !== "docket") return page;
  const read = readOnce(page.html);
  if (read.kind === "refused") return read;
  return { kind: "docket", reading: read, askedAt: page.askedAt };
}

/** `10-1095`, `10-01095` and `10-1095-AA` are one case: year and serial number. */
function sameNumber(printed: string, caseId: string): boolean {
  const parts = (number: string) => /^(?:[A-Z]{2}[- ])?(\d{2})-0*(\d{1,6})\b/i.exec(number.trim());
  const a = parts(printed);
  const b = parts(caseId);
  return a !== null && b !== null && a[1] === b[1] && a[2] === b[2];
}

/** Why a docket page is not this case's (a court that answered with the wrong page), or null when it is. */
function wrongDocket(courtCode: string, caseId: string, read: DocketRead): PageRefusal | null {
  if (read.courtCode !== null && read.courtCode !== courtCode) {
    return { kind: "refused", reason: "not_a_docket", message: `the docket served for ${caseId} is ${read.courtCode}'s`, servedDocket: true };
  }
  if (!sameNumber(read.case.caseNumber, caseId)) {
    return { kind: "refused", reason: "not_a_docket", message: `the docket served for ${caseId} is case ${read.case.caseNumber}`, servedDocket: true };
  }
  return null;
}
