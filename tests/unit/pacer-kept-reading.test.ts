// A reading without parties kept because the one with parties could not be had is answered "found": the failure
// that kept it (a court erring on every reading with parties, a refused login) shows nowhere else, so it is logged.
import { afterEach, describe, expect, it, vi } from "vitest";
import { readPartiesOrKeep, type CachedHeader } from "@/lib/sources/pacer/cached-header";
import { EcfUnavailable } from "@/lib/sources/pacer/ecf-request";
import type { SourceCase } from "@/lib/sources/types";

const cached: CachedHeader = {
  lastRefreshedAt: new Date("2026-01-01T00:00:00Z"),
  caseNumber: "2:09-cv-04380-KDE-JCW",
  caseName: "Smith v. Jones",
  assignedJudge: "Judge Cached",
  dateTerminated: null,
  natureOfProceeding: "Personal Injury",
  status: "open",
};

const bare: SourceCase = {
  caseNumber: "2:09-cv-04380-ABC-JCW",
  title: "Smith v. Jones",
  judge: "Judge Moved",
  natureOfSuit: "Personal Injury",
  parties: [],
  entries: [],
};

describe("readPartiesOrKeep", () => {
  afterEach(() => vi.restoreAllMocks());

  const failures: Array<[string, () => Promise<never> | Promise<{ kind: "unavailable"; reason: string; estimatedRecoveryAt: null }>, string]> = [
    ["the court erring", () => Promise.reject(new EcfUnavailable("laed: CM/ECF answered HTTP 500")), "HTTP 500"],
    ["a billed page that is not a docket", () => Promise.resolve({ kind: "unavailable", reason: "laed: the docket request answered not_a_docket: closed", estimatedRecoveryAt: null }), "not_a_docket"],
  ];
  it.each(failures)("keeps the reading under the cached header and logs why the parties were not had (%s)", async (_label, readParties, why) => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    const answer = await readPartiesOrKeep({ courtCode: "laed", caseId: "2:09-cv-04380" }, bare, cached, { enteredSince: "2026-01-01T06:00:00.000Z" }, 15_000, readParties);
    expect(answer).toMatchObject({ kind: "found", partiesOmitted: true, case: { judge: "Judge Cached", caseNumber: cached.caseNumber } });
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(expect.objectContaining({ level: "warn", court_code: "laed", case_id: "2:09-cv-04380", reason: expect.stringContaining(why) }));
  });
});
