// What GET /v2/status says about PACER's fee budget: when it is spent, which courts are affected (every
// court PACER serves here) and until when. Read at most every 30 s per instance: the status endpoint is
// hot and the budget moves slowly.
import type { CourtRecord } from "@/lib/courts/types";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { budgetState } from "./fee-ledger";
import { pacerServesCourt } from "./pacer-courts";
import { pacerSettings } from "./pacer-settings";
import { forgetStatusMemo } from "@/lib/status/status-memo";

export interface FeeBudgetNotice {
  scope: "daily" | "monthly";
  resetsAt: Date;
}

const CACHE_MS = 30_000;
let cached: { at: number; notice: FeeBudgetNotice | null } | undefined;

export async function feeBudgetNotice(prisma: PrismaClient, now: Date): Promise<FeeBudgetNotice | null> {
  if (!pacerSettings()) return null;
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.notice;
  const notice = await spentFeeBudget(prisma, now);
  cached = { at: Date.now(), notice };
  return notice;
}

/**
 * The budget as it stands at `now`, read from the ledger (one query, not remembered): spent, with its scope and
 * reset, or null (not spent, or no PACER account). For answers that state when PACER can be asked again.
 */
export async function spentFeeBudget(prisma: PrismaClient, now: Date): Promise<FeeBudgetNotice | null> {
  const settings = pacerSettings();
  if (!settings) return null;
  const state = await budgetState(prisma, settings, now);
  return state.spent ? { scope: state.scope, resetsAt: state.resetsAt } : null;
}

/** Tests: read the budget again on the next call. */
export function forgetFeeBudgetNotice(): void {
  cached = undefined;
  forgetStatusMemo();
}

/** What a query of a court PACER serves does while the budget is spent: its notes and the status page say it. */
export const BUDGET_EFFECT = "cases not cached yet answer 503 and refreshes wait; cached cases are still served.";

/** What the court's notes say while the budget is spent: null for a court PACER does not serve here. */
export function budgetNote(court: Pick<CourtRecord, "court_code" | "kind" | "case_management_system" | "coverage">, notice: FeeBudgetNotice): string | null {
  if (court.coverage === "planned" || !pacerServesCourt(court)) return null;
  return `PACER fee budget (${notice.scope}) reached until ${notice.resetsAt.toISOString()}: ${BUDGET_EFFECT}`;
}
