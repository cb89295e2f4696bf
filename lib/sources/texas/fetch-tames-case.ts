// A Texas appellate case's page from TAMES (`https://search.txcourts.gov/Case.aspx?cn=<number>&coa=<court>`,
// free, no login): one request. The court parameter is the court's own (`coa01`..`coa15`, `coscca`,
// `cossup`), found by asking the reader's court mapping which parameter names the registry's court.
import type { CourtRecord } from "@/lib/courts/types";
import { getEnv } from "@/lib/env";
import { getCourtHttpClient, type CourtResponse } from "../http/court-http-client";
import { tamesCourtCode } from "./tames-courts";

const PARAMETERS = [...Array.from({ length: 15 }, (_, i) => `coa${String(i + 1).padStart(2, "0")}`), "coscca", "cossup"];

/** TAMES's parameter for a registry court, or null when TAMES does not keep its docket. */
export function tamesCourtParameter(court: Pick<CourtRecord, "court_code">, caseNumber: string): string | null {
  return PARAMETERS.find((parameter) => tamesCourtCode(parameter, caseNumber) === court.court_code) ?? null;
}

export function tamesCaseUrl(caseNumber: string, parameter: string): string {
  const url = new URL("/Case.aspx", getEnv().TAMES_BASE_URL);
  url.searchParams.set("cn", caseNumber);
  url.searchParams.set("coa", parameter);
  return url.toString();
}

export function fetchTamesCase(caseNumber: string, parameter: string, signal: AbortSignal): Promise<CourtResponse> {
  return getCourtHttpClient().request({ url: tamesCaseUrl(caseNumber, parameter), signal, label: "tames:case", headers: { accept: "text/html" } });
}
