// The free change signals of one case (court-systems.md §1.2): mobile_query.pl's docket entry count and
// the case query iquery.pl's "date of last filing". Neither costs a docket; a page that says it charged
// (mobile "Cost:") is recorded in the fee ledger like any other bill.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { ecfRequest } from "./ecf-request";
import { recordFee } from "./fee-ledger";
import { caseQuerySignal, entryCountSignal, type CaseQuerySignal } from "./free-signal";
import type { PacerSettings } from "./pacer-settings";
import { readCaseQuery } from "./read-case-query";
import { readMobileQuery } from "./read-mobile-query";
import { isLoginPage } from "./refuse-query-page";

export interface SignalOptions {
  prisma: PrismaClient;
  settings: PacerSettings;
  courtCode: string;
  caseId: string;
  pacerCaseId: string;
  listedNumber: string;
  now: Date;
  signal?: AbortSignal;
}

export interface EntryCount {
  /** The number of entries the docket has, or null when the page did not say. */
  count: number | null;
  /** What the page says it charged (recorded in the fee ledger), in cents; 0 when it was free. */
  chargedCents: number;
}

export async function fetchEntryCount(options: SignalOptions): Promise<EntryCount> {
  const { prisma, settings, courtCode, caseId, pacerCaseId, listedNumber, now, signal } = options;
  const page = await ecfRequest({
    prisma,
    settings,
    courtCode,
    path: `/cgi-bin/mobile_query.pl?search=caseInfo&caseid=${encodeURIComponent(pacerCaseId)}`,
    label: "pacer:mobile_query",
    signal,
    loggedOut: isLoginPage,
  });
  const reading = readMobileQuery(page.text);
  if (reading.kind !== "mobile_query") return { count: null, chargedCents: 0 };
  const chargedCents = reading.cost !== undefined && reading.cost > 0 ? Math.round(reading.cost * 100) : 0;
  if (chargedCents > 0) {
    await recordFee(prisma, { at: now, courtCode, caseId, kind: "mobile_query", bytes: page.bytes, billedPages: Math.round(chargedCents / 10), costCents: chargedCents });
  }
  // A count for another case (a stale id) is no signal.
  return { count: entryCountSignal(reading, pacerCaseId, listedNumber), chargedCents };
}

/** The case query's dates, or null when the page does not speak for the case (free-signal.ts). */
export async function fetchCaseQuery(options: SignalOptions): Promise<CaseQuerySignal | null> {
  const { prisma, settings, courtCode, pacerCaseId, listedNumber, signal } = options;
  const page = await ecfRequest({
    prisma,
    settings,
    courtCode,
    path: "/cgi-bin/iquery.pl?1-L_1_0-1",
    form: {
      all_case_ids: pacerCaseId,
      case_num: listedNumber,
      Qry_filed_from: "",
      Qry_filed_to: "",
      lastentry_from: "",
      lastentry_to: "",
      last_name: "",
      first_name: "",
      middle_name: "",
      person_type: "",
    },
    label: "pacer:case_query",
    signal,
    loggedOut: isLoginPage,
  });
  return caseQuerySignal(readCaseQuery(page.text), pacerCaseId, listedNumber);
}
