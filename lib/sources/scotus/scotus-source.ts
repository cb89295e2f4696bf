// The Supreme Court of the United States as a live source: its docket JSON, read whole on every fetch (one
// document per docket, a few kilobytes: there is nothing smaller to ask for). A docket the Court does not
// publish answers 404 (not found, never charged); anything else that is not a docket is an outage (503).
import { getEnv } from "@/lib/env";
import type { SourceAdapter } from "../types";
import { answeredOrUnavailable, courtUnavailable } from "../http/court-outage";
import { fetchScotusDocket } from "./fetch-scotus-docket";
import { readScotusJson } from "./read-scotus-json";

export function createScotusSource(): SourceAdapter {
  return {
    name: "scotus",
    hostOf: () => new URL(getEnv().SCOTUS_BASE_URL).hostname,
    fetchCase: (request) =>
      answeredOrUnavailable("scotus", request, async () => {
        const response = await fetchScotusDocket(request.caseId, request.signal);
        if (response.status === 404) return { kind: "not_found" };
        if (response.status !== 200) return courtUnavailable("scotus", request, `the docket answered HTTP ${response.status}`);
        const read = readScotusJson(response.text());
        if (read.kind === "refused") {
          return read.reason === "case_not_found" ? { kind: "not_found" } : courtUnavailable("scotus", request, `${read.reason}: ${read.message}`);
        }
        // The Court's JSON names its docket: another one answered is a wrong page, not this case.
        if (read.case.caseNumber.toUpperCase() !== request.caseId.toUpperCase()) {
          return courtUnavailable("scotus", request, `asked for docket ${request.caseId}, got ${read.case.caseNumber}`);
        }
        return { kind: "found", case: read.case };
      }),
  };
}
