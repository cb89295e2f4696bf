// When a docket entry is new (docs/live-data.md "When an entry is new"), on PGlite and PostgreSQL, through the
// route handlers, the real cache and refreshes: a case's first fetch does not hand its history out as new; a
// late-docketed, edited or out-of-order entry is seen once; an agent starting from any last_checked gets what
// appeared after it; a delta too large for one answer is walked to its end by delta_cursor.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CaseResponse, DocketEntry, MonitorResponse } from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { GET as getMonitor } from "@/app/v2/monitor/route";
import { RESPONSE_LIMIT_BYTES } from "@/lib/cases/fit-docket";
import { courtTimezone } from "@/lib/courts/timezone";
import { findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import { refreshCases } from "@/lib/refresh/refresh-cases";
import { createDemoSource } from "@/lib/sources/demo/demo-source";
import { generateDemoCase } from "@/lib/sources/demo/generate-case";
import { toLatestTimestamp } from "@/lib/sources/normalize/normalize-date";
import type { SourceEntry } from "@/lib/sources/types";
import { callRoute } from "../helpers/call-route";
import { civilCase, scriptedSource } from "../helpers/scripted-source";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

const demo = createDemoSource({ downCourts: new Set() });
const sources = { useDemo: false };
vi.mock("@/lib/sources/registry", async () => {
  const { scriptedSource: source } = await import("../helpers/scripted-source");
  return { sourceForCourt: () => (sources.useDemo ? demo : source) };
});
vi.mock("@/lib/payments/run-paid", async () => (await import("../helpers/payment-stand-in")).paymentStandIn("0x00000000000000000000000000000000000000ab"));

const DAY = 86_400_000;
let counter = 0;
const nextCaseId = () => `1:25-cv-${String(20000 + (counter += 1) + Math.floor(Math.random() * 40000)).padStart(5, "0")}`;
const query = (params: Record<string, string | undefined>) => callRoute<CaseResponse>(getCase, "/v2/case", { query: params });
/** A court-local calendar date `days` before now. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - DAY).toISOString();

/** Every filing of a delta, following delta_cursor to its end; each answer checked against the ceiling. */
async function walkDelta(params: Record<string, string>): Promise<{ filings: DocketEntry[]; answers: number; changeCount: number }> {
  const filings: DocketEntry[] = [];
  let answers = 0;
  let cursor: string | undefined;
  let changeCount = -1;
  do {
    const answer = await query({ ...params, delta_cursor: cursor });
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(Buffer.byteLength(answer.text, "utf8")).toBeLessThanOrEqual(RESPONSE_LIMIT_BYTES);
    answers += 1;
    const delta = answer.body.delta!;
    if (changeCount >= 0) expect(delta.change_count).toBe(changeCount);
    changeCount = delta.change_count;
    expect(delta.truncated).toBe(delta.next_cursor !== null);
    expect(answer.body.meta.truncated).toBe(delta.truncated || answer.body.truncation_details !== undefined);
    filings.push(...delta.new_filings);
    cursor = delta.next_cursor ?? undefined;
  } while (cursor);
  return { filings, answers, changeCount };
}

describe.each(EACH_DATABASE)("when an entry is new, on %s", (_name, target) => {
  const database = databaseForSuite(target, (opened) => useDatabase(opened.db));
  beforeEach(() => {
    scriptedSource.reset();
    sources.useDemo = false;
  });
  const refresh = (caseId: string) => refreshCases({ prisma: database().db.prisma, court: findCourt("nysd")!, caseIds: [caseId], now: new Date() });

  it("a first query of an untracked case with last_checked = yesterday returns only what was docketed since", async () => {
    const caseId = nextCaseId();
    scriptedSource.put("nysd", civilCase(caseId, [
      { number: 1, filed: "2024-01-05", text: "COMPLAINT against Globex Corp.", documentId: "1" },
      { number: 2, filed: "2024-03-01", text: "ANSWER to Complaint", documentId: "2" },
      { number: 3, filed: "2025-06-10", text: "ORDER scheduling conference", documentId: "3" },
      // Filed weeks ago, but the clerk entered it today: it appeared on the docket since yesterday.
      { number: 4, filed: daysAgo(20), entered: daysAgo(0), text: "MOTION to compel", documentId: "4" },
    ]));
    const first = await query({ case_id: caseId, court_code: "nysd", last_checked: yesterday() });
    expect(first.status, first.text).toBe(200);
    expect(first.body.delta).toMatchObject({ changed: true, change_count: 1, truncated: false, next_cursor: null });
    expect(first.body.delta!.new_filings.map((filing) => filing.entry_number)).toEqual([4]);
    const monitor = await callRoute<MonitorResponse>(getMonitor, "/v2/monitor", { query: { case_id: caseId, court_code: "nysd", last_checked: yesterday() } });
    expect(monitor.body).toMatchObject({ changed: true, change_count: 1 });

    // Without the entry of today, nothing is new since yesterday.
    const quiet = nextCaseId();
    scriptedSource.put("nysd", civilCase(quiet, [
      { number: 1, filed: "2024-01-05", text: "COMPLAINT against Globex Corp.", documentId: "1" },
      { number: 2, filed: "2024-03-01", text: "ANSWER to Complaint", documentId: "2" },
      { number: 3, filed: "2025-06-10", text: "ORDER scheduling conference", documentId: "3" },
    ]));
    const none = await query({ case_id: quiet, court_code: "nysd", last_checked: yesterday() });
    expect(none.body.delta).toMatchObject({ changed: false, change_count: 0, new_filings: [] });
    // An agent asking from before the filings gets them all.
    const all = await query({ case_id: quiet, court_code: "nysd", last_checked: "2024-01-01T00:00:00Z" });
    expect(all.body.delta!.new_filings.map((filing) => filing.entry_number)).toEqual([1, 2, 3]);
  });

  it("sees late-docketed, edited, out-of-order and future-dated entries exactly once when polling with each queried_at", async () => {
    const caseId = nextCaseId();
    const entries: SourceEntry[] = [
      { number: 1, filed: daysAgo(300), text: "COMPLAINT", documentId: "1" },
      { number: 2, filed: daysAgo(200), text: "ANSWER", documentId: "2" },
      { number: 5, filed: daysAgo(3), text: "MOTION to dismiss", documentId: "5" },
    ];
    scriptedSource.put("nysd", civilCase(caseId, entries));
    const first = await query({ case_id: caseId, court_code: "nysd", last_checked: new Date(Date.now() - 10 * DAY).toISOString() });
    const seen = new Map<string, number>();
    const count = (filings: DocketEntry[]) => {
      for (const filing of filings) seen.set(String(filing.entry_number ?? filing.description), (seen.get(String(filing.entry_number ?? filing.description)) ?? 0) + 1);
    };
    count(first.body.delta!.new_filings);
    let lastChecked = first.body.meta.queried_at;

    const rounds: Array<(list: SourceEntry[]) => void> = [
      // Docketed late: numbers 3 and 4, filed months ago, show up only now (out of order, below 5).
      (list) => list.push({ number: 4, filed: daysAgo(90), text: "NOTICE of appearance", documentId: "4" }, { number: 3, filed: daysAgo(120), text: "ORDER", documentId: "3" }),
      // The clerk edits entry 5's text: not a new filing.
      (list) => { list[2] = { ...list[2]!, text: "MOTION to dismiss (Modified on 11/20/2026)" }; },
      // A hearing the court dates three weeks ahead, and two identical minute entries of one day.
      (list) => list.push(
        { number: 6, filed: new Date(Date.now() + 21 * DAY).toISOString().slice(0, 10), text: "HEARING set", documentId: "6" },
        { number: null, filed: daysAgo(1), text: "Minute Entry: status conference held." },
        { number: null, filed: daysAgo(1), text: "Minute Entry: status conference held." },
      ),
      () => undefined,
      (list) => list.push({ number: 7, filed: daysAgo(0), text: "ORDER granting motion", documentId: "7" }),
    ];
    for (const change of rounds) {
      change(entries);
      scriptedSource.put("nysd", civilCase(caseId, entries));
      await refresh(caseId);
      const check = await query({ case_id: caseId, court_code: "nysd", last_checked: lastChecked });
      expect(check.status, check.text).toBe(200);
      count(check.body.delta!.new_filings);
      lastChecked = check.body.meta.queried_at;
    }
    // Entry 5 was new at the first query (filed 3 days ago) and never again, whatever its edit.
    expect(Object.fromEntries(seen)).toEqual({ "5": 1, "4": 1, "3": 1, "6": 1, "Minute Entry: status conference held.": 2, "7": 1 });
    const history = (await query({ case_id: caseId, court_code: "nysd", context: "full" })).body.case as { docket_history: DocketEntry[] };
    expect(history.docket_history).toHaveLength(9);
    expect(history.docket_history.find((entry) => entry.entry_number === 5)!.description).toContain("Modified on");
  });

  it("an entry entered at a minute the court gives without seconds is new to a last_checked inside that minute", async () => {
    const caseId = nextCaseId();
    const zone = courtTimezone(findCourt("nysd")!);
    // Ten minutes ago, as the court writes it: its local wall time to the minute.
    const minuteStart = Math.floor((Date.now() - 10 * 60_000) / 60_000) * 60_000;
    const local = new Intl.DateTimeFormat("sv-SE", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .format(new Date(minuteStart))
      .replace(" ", "T");
    scriptedSource.put("nysd", civilCase(caseId, [
      { number: 1, filed: daysAgo(30), text: "COMPLAINT", documentId: "1" },
      { number: 2, filed: local.slice(0, 10), entered: local, text: "NOTICE of appearance", documentId: "2" },
    ]));
    const inside = await query({ case_id: caseId, court_code: "nysd", last_checked: new Date(minuteStart + 30_000).toISOString() });
    expect(inside.status, inside.text).toBe(200);
    expect(inside.body.delta!.new_filings.map((filing) => filing.entry_number)).toEqual([2]);
    const after = await query({ case_id: caseId, court_code: "nysd", last_checked: new Date(minuteStart + 60_000).toISOString() });
    expect(after.body.delta!.new_filings).toEqual([]);
  });

  it.each([
    ["marked after its text", "MOTION to compel by Acme Widgets LLC. (Lawyer, Pat) (Entered: 11/25/2026) (Modified on 11/26/2026)"],
    // CM/ECF's own form: the mark goes before the closing "(Entered: …)" stamp.
    ["marked before its Entered stamp", "MOTION to compel by Acme Widgets LLC. (Lawyer, Pat) Modified on 11/26/2026 (ab). (Entered: 11/25/2026)"],
    ["rewritten and marked", "MOTION to compel discovery by Acme Widgets LLC (Lawyer, Pat) Modified on 11/26/2026 (ab). (Entered: 11/25/2026)"],
  ])("a new row under a number, listed above the entry it shares the number and day with, is new; that entry %s is not", async (_how, modified) => {
    const caseId = nextCaseId();
    const motion: SourceEntry = { number: 7, filed: daysAgo(1), text: "MOTION to compel by Acme Widgets LLC. (Lawyer, Pat) (Entered: 11/25/2026)", documentId: "70" };
    const answer: SourceEntry = { number: 6, filed: daysAgo(2), text: "ANSWER", documentId: "60" };
    scriptedSource.put("nysd", civilCase(caseId, [answer, motion]));
    const first = await query({ case_id: caseId, court_code: "nysd", last_checked: new Date(Date.now() - 3 * DAY).toISOString() });
    expect(first.body.delta!.new_filings.map((filing) => filing.entry_number)).toEqual([6, 7]);

    // The court adds a sealed placeholder under 7 (no document) above the motion, and marks the motion modified.
    const placeholder = "SEALED DOCUMENT placed in vault. (ab)";
    scriptedSource.put("nysd", civilCase(caseId, [answer, { number: 7, filed: daysAgo(1), text: placeholder }, { ...motion, text: modified }]));
    await refresh(caseId);
    const check = await query({ case_id: caseId, court_code: "nysd", last_checked: first.body.meta.queried_at, context: "full" });
    expect(check.body.delta!.new_filings.map((filing) => filing.description)).toEqual([placeholder]);
    expect((check.body.case as { docket_history: DocketEntry[] }).docket_history.map((entry) => entry.description).sort()).toEqual(
      [answer.text, modified, placeholder].sort(),
    );
  });

  it("an agent starting from any last_checked gets every entry docketed after it and none docketed and stored before it", async () => {
    const caseId = nextCaseId();
    const zone = courtTimezone(findCourt("nysd")!);
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    // The court's docket: entries filed over a year, each entered the same day or a few days later.
    const docket: Array<SourceEntry & { truth: number }> = Array.from({ length: 40 }, (_, index) => {
      const filedDays = 400 - index * 10 + Math.floor(random() * 5);
      const enteredDays = Math.max(0, filedDays - Math.floor(random() * 4));
      const entered = daysAgo(enteredDays);
      return { number: index + 1, filed: daysAgo(filedDays), entered, text: `ORDER number ${index + 1}`, documentId: String(index + 1), truth: Date.parse(toLatestTimestamp(entered, zone)) };
    });
    scriptedSource.put("nysd", civilCase(caseId, docket.slice(0, 30)));
    const firstFetch = await query({ case_id: caseId, court_code: "nysd" });
    const fetchedAt = Date.parse(firstFetch.body.meta.queried_at);
    // A later refresh finds ten more (some docketed long ago and published late).
    scriptedSource.put("nysd", civilCase(caseId, docket));
    await refresh(caseId);
    const refreshedAt = Date.now();

    for (const daysBack of [500, 200, 100, 45, 20, 5, 1, 0.01]) {
      const since = Date.now() - daysBack * DAY;
      const { filings } = await walkDelta({ case_id: caseId, court_code: "nysd", last_checked: new Date(since).toISOString() });
      const got = new Set(filings.map((filing) => filing.entry_number));
      expect(got.size).toBe(filings.length);
      for (const entry of docket) {
        // Found by the first fetch: new exactly when its docketing day ended after `since`. Found by the later
        // refresh: it appeared to the service then, which is after any `since` chosen before it.
        const expected = entry.number! <= 30 ? Math.min(entry.truth, fetchedAt) > since : refreshedAt > since;
        expect(got.has(entry.number!), `entry ${entry.number} since ${daysBack} days`).toBe(expected);
      }
    }
  });

  it("walks a 9,000-entry first fetch to its end by delta_cursor, no entry missed or repeated, every answer under 2 MB", async () => {
    const caseId = nextCaseId();
    const entries: SourceEntry[] = Array.from({ length: 9_000 }, (_, index) => ({
      number: index + 1,
      filed: new Date(Date.now() - (9_000 - index) * 3_600_000).toISOString(),
      text: `MOTION number ${index + 1}: ${"a long docket text that clerks write in full ".repeat(6)}`,
      documentId: String(500000 + index),
    }));
    scriptedSource.put("nysd", civilCase(caseId, entries));
    for (const context of ["basic", "full"]) {
      const { filings, answers, changeCount } = await walkDelta({
        case_id: caseId,
        court_code: "nysd",
        context,
        last_checked: new Date(Date.now() - 400 * DAY).toISOString(),
      });
      expect(answers).toBeGreaterThan(1);
      expect(changeCount).toBe(9_000);
      const numbers = filings.map((filing) => filing.entry_number);
      expect(new Set(numbers).size).toBe(9_000);
      expect([...numbers].sort((a, b) => a! - b!)).toEqual(entries.map((entry) => entry.number));
    }
    // filing_types filters what is listed; the walk still covers every new filing once.
    const { filings } = await walkDelta({ case_id: caseId, court_code: "nysd", filing_types: "motion", last_checked: "2020-01-01T00:00:00Z" });
    expect(filings).toHaveLength(9_000);
    // A cursor belongs to its last_checked.
    const cut = await query({ case_id: caseId, court_code: "nysd", last_checked: "2020-01-01T00:00:00Z" });
    const other = await query({ case_id: caseId, court_code: "nysd", last_checked: "2021-01-01T00:00:00Z", delta_cursor: cut.body.delta!.next_cursor! });
    expect(other.status).toBe(400);
    expect((other.body as unknown as { error: { code: string; parameter: string } }).error).toMatchObject({ code: "invalid_parameter" });
    const garbage = await query({ case_id: caseId, court_code: "nysd", last_checked: "2020-01-01T00:00:00Z", delta_cursor: "not-a-cursor" });
    expect(garbage.status).toBe(400);
    const alone = await query({ case_id: caseId, court_code: "nysd", delta_cursor: cut.body.delta!.next_cursor! });
    expect(alone.status).toBe(400);
    // ... and to its case: sent with another one (a batch holds several cursors side by side), it is refused,
    // not taken as "that case's walk is done" (which skipped the other case's filings).
    const otherCase = nextCaseId();
    scriptedSource.put("nysd", civilCase(otherCase, entries.slice(0, 3)));
    const elsewhere = await query({ case_id: otherCase, court_code: "nysd", last_checked: "2020-01-01T00:00:00Z", delta_cursor: cut.body.delta!.next_cursor! });
    expect(elsewhere.status).toBe(400);
    expect((elsewhere.body as unknown as { error: { code: string; message: string } }).error).toMatchObject({
      code: "invalid_parameter",
      message: expect.stringContaining("another case"),
    });
    const inBatch = await callRoute(postBatch, "/v2/cases/batch", {
      body: {
        queries: [
          { case_id: caseId, court_code: "nysd", context: "basic", last_checked: "2020-01-01T00:00:00Z", delta_cursor: cut.body.delta!.next_cursor! },
          { case_id: otherCase, court_code: "nysd", context: "basic", last_checked: "2020-01-01T00:00:00Z", delta_cursor: cut.body.delta!.next_cursor! },
        ],
      },
    });
    // A batch is checked whole before anything is paid: the refusal names the query.
    expect(inBatch.status).toBe(400);
    expect((inBatch.body as unknown as { error: Record<string, unknown> }).error).toMatchObject({
      code: "invalid_parameter",
      parameter: "queries[1].delta_cursor",
      query_index: 1,
    });
    // A cursor handed out before cursors named their case still continues its walk.
    const { c: _case, ...legacyBody } = JSON.parse(Buffer.from(cut.body.delta!.next_cursor!, "base64url").toString("utf8")) as Record<string, unknown>;
    const legacy = await query({
      case_id: caseId,
      court_code: "nysd",
      last_checked: "2020-01-01T00:00:00Z",
      delta_cursor: Buffer.from(JSON.stringify(legacyBody), "utf8").toString("base64url"),
    });
    expect(legacy.status).toBe(200);
    expect(legacy.body.delta!.new_filings[0]!.entry_number).toBe(cut.body.delta!.new_filings.at(-1)!.entry_number! + 1);
  });

  it("the demo source's first query with last_checked = yesterday lists only what it docketed since", async () => {
    sources.useDemo = true;
    const court = findCourt("nysd")!;
    const caseId = "1:24-cv-03117";
    const since = yesterday();
    const answer = await query({ case_id: caseId, court_code: "nysd", context: "full", last_checked: since });
    expect(answer.status, answer.text).toBe(200);
    const generated = generateDemoCase(court, caseId, new Date(), { downCourts: new Set() });
    if (generated.kind !== "found") throw new Error("the demo case should exist");
    const history = (answer.body.case as { docket_history: DocketEntry[] }).docket_history;
    expect(history.length).toBeGreaterThan(answer.body.delta!.change_count);
    const recent = history.filter((entry) => Date.parse(entry.filed_at) > Date.parse(since));
    expect(answer.body.delta!.new_filings.map((filing) => filing.filed_at)).toEqual(recent.map((entry) => entry.filed_at));
  });
});
