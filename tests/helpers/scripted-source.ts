// A source adapter the tests script: cases they put in, outages they switch on, a delay, and a count of
// every fetch, so "fetched once" and "not charged" can be asserted. It goes through the real
// fetch-from-source (deadline, normalization) like any adapter.
import type { RequestPriority } from "@/lib/sources/http/host-limiter";
import { currentRequestPriority } from "@/lib/sources/http/request-priority";
import type { SourceAdapter, SourceCase, SourceResult } from "@/lib/sources/types";

export class ScriptedSource implements SourceAdapter {
  readonly name = "scripted";
  readonly cases = new Map<string, SourceCase>();
  readonly down = new Map<string, string | null>();
  /** Cases (`court|case id`) the source reports as sealed. */
  readonly sealed = new Set<string>();
  fetches: Array<{ courtCode: string; caseId: string }> = [];
  /** Each fetch's request priority (a paying caller's, or background work's: request-priority.ts). */
  priorities: RequestPriority[] = [];
  delayMs = 0;

  put(courtCode: string, sourceCase: SourceCase): void {
    this.cases.set(`${courtCode}|${sourceCase.caseNumber}`, structuredClone(sourceCase));
  }

  get(courtCode: string, caseId: string): SourceCase {
    const found = this.cases.get(`${courtCode}|${caseId}`);
    if (!found) throw new Error(`no scripted case ${courtCode} ${caseId}`);
    return found;
  }

  /** Every court code, or one: the source answers "unavailable" (with this recovery time). */
  setDown(courtCode: string, estimatedRecoveryAt: string | null = null): void {
    this.down.set(courtCode, estimatedRecoveryAt);
  }

  reset(): void {
    this.cases.clear();
    this.down.clear();
    this.sealed.clear();
    this.fetches = [];
    this.priorities = [];
    this.delayMs = 0;
  }

  fetchCount(courtCode: string, caseId: string): number {
    return this.fetches.filter((fetch) => fetch.courtCode === courtCode && fetch.caseId === caseId).length;
  }

  async fetchCase({ court, caseId }: { court: { court_code: string }; caseId: string }): Promise<SourceResult> {
    this.fetches.push({ courtCode: court.court_code, caseId });
    this.priorities.push(currentRequestPriority());
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.down.has(court.court_code)) {
      return { kind: "unavailable", reason: "scripted outage", estimatedRecoveryAt: this.down.get(court.court_code) ?? null };
    }
    if (this.sealed.has(`${court.court_code}|${caseId}`)) return { kind: "sealed", message: "Case Under Seal" };
    const found = this.cases.get(`${court.court_code}|${caseId}`);
    return found ? { kind: "found", case: structuredClone(found) } : { kind: "not_found" };
  }
}

export const scriptedSource = new ScriptedSource();

/** A plain civil case as CM/ECF would list it. */
export function civilCase(caseNumber: string, entries: SourceCase["entries"] = []): SourceCase {
  return {
    caseNumber,
    title: "Acme Widgets LLC v. Globex Corp.",
    caseType: "cv",
    dateFiled: "2026-01-05",
    judge: "Hon. Test Judge",
    natureOfSuit: "Contract: Other",
    cause: "28:1332 Diversity-Breach of Contract",
    juryDemand: "Both",
    parties: [
      { name: "Acme Widgets LLC", role: "Plaintiff", attorneys: [{ name: "Pat Lawyer", firm: "Lawyer LLP", role: "Lead Attorney" }] },
      { name: "Globex Corp.", role: "Defendant" },
    ],
    entries: entries.length > 0 ? entries : [{ number: 1, filed: "2026-01-05", text: "COMPLAINT against Globex Corp.", documentId: "0123" }],
  };
}
