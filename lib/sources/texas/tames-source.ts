// Texas' appellate courts as a live source (TAMES: the Supreme Court, the Court of Criminal Appeals, the
// fifteen courts of appeals): one case page holds the whole case, so every fetch reads it whole — TAMES has
// no way to ask for what changed. A case page without a case is "not found" (404, never charged); an error
// page, another case's page or anything unreadable is an outage (503).
import { getEnv } from "@/lib/env";
import type { SourceAdapter } from "../types";
import { answeredOrUnavailable, courtUnavailable } from "../http/court-outage";
import { fetchTamesCase, tamesCourtParameter } from "./fetch-tames-case";
import { readTamesCase } from "./read-tames-case";

const sameNumber = (a: string, b: string) => a.replace(/\s+/g, "").toUpperCase() === b.replace(/\s+/g, "").toUpperCase();

export function createTamesSource(): SourceAdapter {
  return {
    name: "tames",
    hostOf: () => new URL(getEnv().TAMES_BASE_URL).hostname,
    fetchCase: (request) =>
      answeredOrUnavailable("tames", request, async () => {
        const parameter = tamesCourtParameter(request.court, request.caseId);
        if (!parameter) return courtUnavailable("tames", request, `TAMES keeps no docket of ${request.court.court_code}`);
        const response = await fetchTamesCase(request.caseId, parameter, request.signal);
        if (response.status === 404) return { kind: "not_found" };
        if (response.status !== 200) return courtUnavailable("tames", request, `the case page answered HTTP ${response.status}`);
        const read = readTamesCase(response.text());
        if (read.kind === "refused") {
          return read.reason === "case_not_found" ? { kind: "not_found" } : courtUnavailable("tames", request, `${read.reason}: ${read.message}`);
        }
        if (!sameNumber(read.case.caseNumber, request.caseId)) {
          return courtUnavailable("tames", request, `asked for case ${request.caseId}, got ${read.case.caseNumber}`);
        }
        return { kind: "found", case: read.case };
      }),
  };
}
