// What the status says of the courts at this moment, beside the registry: the covered courts whose source
// stopped answering (lib/courts/court-health.ts) and a spent PACER fee budget. Either makes
// operational_status `degraded`, and each is written into the affected courts' notes, so a reader of
// GET /v2/status, the status page or MCP's service_status learns which courts are affected and what a query
// of them does, not only that "some courts" are.
import { createHash } from "node:crypto";
import type { Court } from "@/contract";
import { listUnhealthyCourts } from "@/lib/courts/court-health";
import { COURTS, findCourt, toPublicCourt } from "@/lib/courts/registry";
import type { CourtRecord } from "@/lib/courts/types";
import { getPrisma } from "@/lib/db";
import { logEvent } from "@/lib/log";
import { SANDBOX_SOURCE_DOWN_COURT } from "@/lib/sandbox/lookup-sandbox-case";
import { budgetNote, feeBudgetNotice, type FeeBudgetNotice } from "@/lib/sources/pacer/fee-budget-notice";
import { rememberBounded, rememberedStatus } from "./status-memo";

export interface CourtNotices {
  /** The sandbox: its fixture outage of SANDBOX_SOURCE_DOWN_COURT, nothing else. */
  sandbox: boolean;
  feeBudget: FeeBudgetNotice | null;
  /** Covered courts whose source has not answered for several refresh runs, each with since when. */
  outages: ReadonlyMap<string, Date>;
  /** The database could not be read: no paid query can be answered either. */
  unreadable: boolean;
}

const SANDBOX_NOTICES: CourtNotices = { sandbox: true, feeBudget: null, outages: new Map(), unreadable: false };

/** Read at most every few seconds per instance (lib/status/status-memo.ts): GET /v2/status is polled hard. */
export function readCourtNotices(sandbox: boolean): Promise<CourtNotices> {
  return sandbox ? Promise.resolve(SANDBOX_NOTICES) : rememberedStatus(readLiveNotices);
}

async function readLiveNotices(): Promise<CourtNotices> {
  try {
    const prisma = await getPrisma();
    const now = new Date();
    const [unhealthy, feeBudget] = await Promise.all([listUnhealthyCourts(prisma), feeBudgetNotice(prisma, now)]);
    // A planned court is not queried: its health says nothing about what a query does.
    const outages = new Map(unhealthy.filter(({ courtCode }) => (findCourt(courtCode)?.coverage ?? "planned") !== "planned").map(({ courtCode, since }) => [courtCode, since]));
    return { sandbox: false, feeBudget, outages, unreadable: false };
  } catch (error) {
    logEvent("error", "status: court health could not be read", { detail: String(error) });
    return { sandbox: false, feeBudget: null, outages: new Map(), unreadable: true };
  }
}

export function statusOf(notices: CourtNotices): "nominal" | "degraded" {
  // Without the database no paid query can be answered: say so rather than "nominal".
  return notices.sandbox || notices.unreadable || notices.feeBudget !== null || notices.outages.size > 0 ? "degraded" : "nominal";
}

const SANDBOX_OUTAGE_NOTE = "Sandbox: this court's source is always down, so every valid case_id answers 503 source_unavailable (to test outage handling).";

/** What a query of a court whose source is not answering does: its notes and the status page say it. */
export const OUTAGE_EFFECT = "cases not cached yet answer 503 source_unavailable; cached cases are served as last refreshed.";

function outageNote(since: Date): string {
  return `Source not answering since ${since.toISOString()}: ${OUTAGE_EFFECT}`;
}

/** The court as the status shows it under these notices: what affects it now first in its notes. */
function noticedCourt(court: CourtRecord, notices: CourtNotices): Court {
  const shown = toPublicCourt(court);
  let notes: (string | null)[];
  if (notices.sandbox) notes = [court.court_code === SANDBOX_SOURCE_DOWN_COURT ? SANDBOX_OUTAGE_NOTE : null];
  else {
    const since = notices.outages.get(court.court_code);
    notes = [since ? outageNote(since) : null, notices.feeBudget ? budgetNote(court, notices.feeBudget) : null];
  }
  const added = notes.filter((note) => note !== null);
  return added.length === 0 ? shown : { ...shown, notes: [...added, shown.notes].filter(Boolean).join(" ") };
}

/** Tells the notices' effect on the courts apart: the same key, the same courts. */
function noticesKey(notices: CourtNotices): string {
  if (notices.sandbox) return "sandbox";
  const budget = notices.feeBudget ? `${notices.feeBudget.scope}@${notices.feeBudget.resetsAt.toISOString()}` : "";
  const outages = [...notices.outages].map(([code, since]) => `${code}@${since.toISOString()}`).sort();
  return [budget, ...outages].join("|");
}

export interface NoticedCourts {
  key: string;
  courts: readonly Court[];
  /** `courts` as JSON, made once per key: the text (MCP's service_status escapes it once) and its UTF-8 bytes (~900 KB: GET /v2/status sends them as they are in each answer). */
  json: string;
  bytes: Buffer;
  /** A hash of `bytes`: changes whenever any court's public fields or notes do (a reworded note included). */
  version: string;
}

function makeNoticed(key: string, courts: readonly Court[]): NoticedCourts {
  const json = JSON.stringify(courts);
  const bytes = Buffer.from(json, "utf8");
  return { key, courts, json, bytes, version: createHash("sha256").update(bytes).digest("hex").slice(0, 16) };
}

/** The registry as this deployment records it, without notices. */
const REGISTRY_COURTS = makeNoticed("", COURTS.map(toPublicCourt));
/** A few states at most: an outage or a spent budget changes them rarely. */
const noticed = new Map<string, NoticedCourts>();

/** The public courts with the notices' notes: the registry itself while nothing is noticed. */
export function noticedCourts(notices: CourtNotices): NoticedCourts {
  const key = noticesKey(notices);
  if (key === "") return REGISTRY_COURTS;
  return rememberBounded(noticed, key, () => makeNoticed(key, COURTS.map((court) => noticedCourt(court, notices))));
}
