// Which case source a request reads: the sandbox fixtures, or the normalized cache.
import { getPrisma } from "@/lib/db";
import { lookupSandboxCase } from "@/lib/sandbox/lookup-sandbox-case";
import type { CaseSource } from "./query-case";
import { readCachedCase } from "./read-cached-case";

/**
 * Live reads come from the cache. No source adapter is connected in this release, so a case that is
 * not cached cannot be fetched: that is reported as the source being unavailable (503, not charged),
 * never as "no such case".
 */
const cachedCaseSource: CaseSource = async (court, caseId) => {
  const record = await readCachedCase(await getPrisma(), court.court_code, caseId);
  return record ? { kind: "found", record } : { kind: "unavailable", estimatedRecoveryAt: null };
};

export function caseSourceFor(sandbox: boolean): CaseSource {
  return sandbox ? lookupSandboxCase : cachedCaseSource;
}
