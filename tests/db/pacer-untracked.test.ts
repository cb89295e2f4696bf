// A PACER case no refresh kept current (not queried for 30 days) queried again, end to end over real HTTP: the
// replay server (tests/helpers/replay) speaks PACER from recorded real pages and bills every docket report; the
// production adapter, its free change signals and the cache run on PGlite and PostgreSQL. Before the query
// reads such a case again (a billed docket report), the court's free signals are asked, as a scheduled refresh
// asks them: only a case they cannot show unchanged since its last reading is bought.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import type { BatchResponse, CaseResponse, MonitorResponse } from "@/contract";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { GET as getCase } from "@/app/v2/case/route";
import { GET as getMonitor } from "@/app/v2/monitor/route";
import { findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import { refreshCases } from "@/lib/refresh/refresh-cases";
import { budgetState } from "@/lib/sources/pacer/fee-ledger";
import { pacerSettings } from "@/lib/sources/pacer/pacer-settings";
import { pollCourtFeed } from "@/lib/sources/pacer/poll-court-feed";
import { sourceForCourt } from "@/lib/sources/registry";
import { callRoute } from "../helpers/call-route";
import { HAS_CORPUS, NO_CORPUS_MESSAGE } from "../helpers/corpus";
import { startPacerEnvironment, TEST_LOGIN, type PacerEnvironment } from "../helpers/replay/pacer-environment";
import type { HostedDocket } from "../helpers/replay/pacer-protocol";
import { REPLAY_HTTP_SETTINGS } from "../helpers/replay/replay-server";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

vi.hoisted(() => {
  // The registry computes coverage when first imported: PACER must be configured before that.
  process.env.PACER_USERNAME = "replay-user";
  process.env.PACER_PASSWORD = "correct horse battery staple";
});
vi.mock("@/lib/payments/run-paid", () => ({
  runPaid: async (options: { work: (payer: string) => Promise<unknown> }) => ({
    result: await options.work("0x00000000000000000000000000000000000000ab"),
    payer: "0x00000000000000000000000000000000000000ab",
    headers: {},
  }),
}));

const LAED = "pacer/district/laed_127926.html"; // 58 entries entered over three years
const DAY_MS = 86_400_000;

type Answer = CaseResponse & { error: Record<string, string> };
const query = (courtCode: string, caseId: string, extra: Record<string, string> = {}) =>
  callRoute<Answer>(getCase, "/v2/case", { query: { case_id: caseId, court_code: courtCode, context: "full", ...extra } });
const monitor = (courtCode: string, caseId: string, lastChecked: string) =>
  callRoute<MonitorResponse & { error: Record<string, string> }>(getMonitor, "/v2/monitor", { query: { case_id: caseId, court_code: courtCode, last_checked: lastChecked } });
/** An agent's last check, 39 days ago: after the case's last reading (40 days ago), before what the court docketed since. */
const lastChecked = () => new Date(Date.now() - 39 * DAY_MS).toISOString();

let env: PacerEnvironment;
beforeAll(async () => {
  env = await startPacerEnvironment();
});
afterAll(async () => env?.close());

/** Each case's free signal logged as cut off by the plan's deadline, nothing else of the free signals. */
function expectCutOffLogged(logged: MockInstance<(...args: unknown[]) => void>, ids: readonly string[]): void {
  const warnings = logged.mock.calls
    .map(([line]) => String(line))
    .filter((line) => line.includes("free signal"))
    .map((line) => JSON.parse(line) as { message: string; case_id?: string });
  expect(warnings.map((line) => [line.message, line.case_id]).sort()).toEqual(ids.map((caseId) => ["pacer free signal cut off by the plan's deadline", caseId]).sort());
}

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("a PACER case no refresh kept current, queried again, on %s", (_name, target) => {
  const database = databaseForSuite(target, (opened) => useDatabase(opened.db));
  const prisma = () => database().db.prisma;
  let serial = 0;
  /** Hosts the laed docket under a fresh case number, so tests never share cache rows. */
  const host = (court: string, extra: { visibleAt?: Date } = {}) => {
    serial += 1;
    const caseId = `2:${target.name === "pglite" ? "23" : "24"}-cv-${String(50000 + serial * 41 + Math.floor(Math.random() * 30)).padStart(5, "0")}`;
    return env.pacer.host(LAED, { court, caseId, ...extra });
  };
  /** The CM/ECF scripts asked since log position `from` (logins aside). */
  const askedSince = (from: number) =>
    env.server.log
      .slice(from)
      .map((entry) => entry.url.split("?")[0]!.split("/").at(-1)!)
      .filter((script) => script.endsWith(".pl"));
  const fees = (caseId: string) => prisma().pacerFee.findMany({ where: { caseId }, orderBy: { id: "asc" } });
  const storedCount = async (caseId: string) => {
    const [row] = await prisma().$queryRawUnsafe<Array<{ n: number }>>(
      "SELECT count(*)::int AS n FROM docket_entries e JOIN cases c ON c.id = e.case_ref WHERE c.case_id = $1",
      caseId,
    );
    return row!.n;
  };

  /**
   * What a case's cache and its court's feed say, moved 40 days back: it was read, counted, verified and last
   * queried then, and its court's feed (if any) polled without a gap ever since (other cases of the court
   * tracked), so no refresh has run for it in the 30 days it was untracked.
   */
  const fortyDaysAgo = async (court: string, caseId: string) => {
    const back = "interval '40 days'";
    await prisma().$executeRawUnsafe(
      `UPDATE cases SET last_queried_at = last_queried_at - ${back}, last_refreshed_at = last_refreshed_at - ${back}, read_from = read_from - ${back}
       WHERE court_code = $1 AND case_id = $2`,
      court,
      caseId,
    );
    await prisma().$executeRawUnsafe(
      `UPDATE pacer_cases SET changed_at = changed_at - ${back}, changed_seen_at = changed_seen_at - ${back}, verified_at = verified_at - ${back},
              listed_entry_count_at = listed_entry_count_at - ${back}, answered_at = answered_at - ${back}
       WHERE court_code = $1 AND case_id = $2`,
      court,
      caseId,
    );
    await prisma().$executeRawUnsafe(`UPDATE pacer_feeds SET ok_since = ok_since - interval '41 days' WHERE court_code = $1`, court);
  };

  /**
   * A laed docket cached at nyed, a court without a feed, as of 2009-06-30: read by its first query, then counted
   * by a scheduled refresh (the court's entry count, equal to the cache's, stored as the court's), 40 days ago.
   */
  const countedWithoutFeed = async (): Promise<HostedDocket> => {
    env.pacer.feeds.set("nyed", { kind: "none" });
    env.pacer.advanceTo("2009-06-30");
    const hosted = host("nyed");
    expect((await query("nyed", hosted.caseId)).status).toBe(200);
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "nyed", new Date())).status).toBe("none");
    expect(await refreshCases({ prisma: prisma(), court: findCourt("nyed")!, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ skipped: 1, attempted: 0 });
    expect((await prisma().pacerCase.findFirst({ where: { courtCode: "nyed", caseId: hosted.caseId } }))?.listedEntryCount).not.toBeNull();
    await fortyDaysAgo("nyed", hosted.caseId);
    return hosted;
  };

  beforeEach(async () => {
    env.server.clearFaults();
    env.pacer.advanceTo(null);
    env.configure({ PACER_PASSWORD: TEST_LOGIN.password, PACER_DAILY_BUDGET_USD: undefined, PACER_MONTHLY_BUDGET_USD: undefined });
    vi.restoreAllMocks();
  });

  it("the court's free entry count shows it unchanged: answered from the cache without a docket report, recorded as a scheduled refresh records a case known unchanged", async () => {
    const hosted = await countedWithoutFeed();
    // Its last refresh before it was left untracked went unanswered.
    await prisma().$executeRawUnsafe("UPDATE cases SET unanswered_since = now() - interval '41 days' WHERE court_code = 'nyed' AND case_id = $1", hosted.caseId);
    const stale = await prisma().case.findFirst({ where: { courtCode: "nyed", caseId: hosted.caseId }, select: { lastRefreshedAt: true } });
    const since = lastChecked();
    const before = env.server.log.length;
    const check = await monitor("nyed", hosted.caseId, since);
    expect(check.status, check.text).toBe(200);
    expect(check.body).toMatchObject({ changed: false, change_count: 0 });
    // One free page; before, a billed docket report (entries since the latest cached filing) on every such query.
    expect(askedSince(before)).toEqual(["mobile_query.pl"]);
    expect((await fees(hosted.caseId)).map((fee) => fee.kind)).toEqual(["docket_full"]);
    // As a scheduled run's skip: verified now, a "no change" sayable again; not read, so last_refreshed_at stays.
    const kase = await prisma().case.findFirst({ where: { courtCode: "nyed", caseId: hosted.caseId }, select: { lastRefreshedAt: true, unansweredSince: true, lastQueriedAt: true } });
    expect(kase).toMatchObject({ lastRefreshedAt: stale!.lastRefreshedAt, unansweredSince: null });
    expect(Date.now() - kase!.lastQueriedAt!.getTime()).toBeLessThan(60_000);
    const verified = await prisma().pacerCase.findFirst({ where: { courtCode: "nyed", caseId: hosted.caseId }, select: { verifiedAt: true } });
    expect(Date.now() - verified!.verifiedAt!.getTime()).toBeLessThan(60_000);
    // Served as last read: its age says 40 days; tracked again, so the next query asks nothing.
    const answer = await query("nyed", hosted.caseId, { last_checked: since });
    expect(answer.body.meta.cache_age_seconds).toBeGreaterThan(39 * 86_400);
    expect(answer.body.delta).toMatchObject({ changed: false, change_count: 0 });
    expect(askedSince(before)).toEqual(["mobile_query.pl"]);
  });

  it("the court's entry count moved: the docket is bought, and what the court docketed meanwhile is new", async () => {
    const hosted = await countedWithoutFeed();
    const held = await storedCount(hosted.caseId);
    env.pacer.advanceTo(null); // the court docketed the rest of the docket while nobody asked
    const before = env.server.log.length;
    const answer = await query("nyed", hosted.caseId, { last_checked: lastChecked() });
    expect(answer.status, answer.text).toBe(200);
    const asked = askedSince(before);
    // The free count first (before: straight to the billed report), then the report.
    expect(asked[0]).toBe("mobile_query.pl");
    expect(asked.filter((script) => script === "DktRpt.pl").length).toBeGreaterThanOrEqual(1);
    expect((await fees(hosted.caseId)).map((fee) => fee.kind)).toContain("docket_since");
    const gained = (await storedCount(hosted.caseId)) - held;
    expect(gained).toBeGreaterThan(0);
    expect(answer.body.delta).toMatchObject({ changed: true, change_count: gained });
    expect(answer.body.delta!.new_filings).toHaveLength(gained);
    expect(answer.body.meta.cache_age_seconds).toBeLessThan(60);
  });

  it("a signal that cannot vouch: no count of the court's stored (the cache's rows may hold what it struck), or an entry count page that fails: read as before", async () => {
    // A case read by its first query and left untracked at once: nothing ever counted its docket.
    env.pacer.feeds.set("nyed", { kind: "none" });
    env.pacer.advanceTo("2009-06-30");
    const hosted = host("nyed");
    expect((await query("nyed", hosted.caseId)).status).toBe(200);
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "nyed", new Date())).status).toBe("none");
    await fortyDaysAgo("nyed", hosted.caseId);
    const held = await storedCount(hosted.caseId);
    // Meanwhile the court struck entries (the cache keeps them) and docketed as many new ones: its count equals
    // the cache's rows, which a scheduled refresh takes for the court's count when none is stored.
    const entered = (row: HostedDocket["docket"]["rows"][number]) => row.entered ?? row.filed!;
    const next = hosted.docket.rows.map(entered).filter((day) => day > "2009-06-30").sort()[0]!;
    const docketed = hosted.docket.rows.filter((row) => entered(row) === next).length;
    const struck = new Set(hosted.docket.rows.filter((row) => entered(row) <= "2009-06-30").slice(2, 2 + docketed).map((row) => row.start));
    hosted.docket = { ...hosted.docket, rows: hosted.docket.rows.map((row) => (struck.has(row.start) ? { ...row, entered: "2999-01-01" } : row)) };
    env.pacer.advanceTo(next);
    let before = env.server.log.length;
    const answer = await query("nyed", hosted.caseId, { last_checked: lastChecked() });
    expect(answer.status, answer.text).toBe(200);
    expect(askedSince(before)).toContain("DktRpt.pl");
    expect(await storedCount(hosted.caseId)).toBe(held + docketed);
    expect(answer.body.delta).toMatchObject({ changed: true, change_count: docketed });

    // A counted case whose court does not answer the entry count page: read as before.
    const counted = await countedWithoutFeed();
    env.server.fail({ match: /mobile_query\.pl/, kind: "status", status: 500 });
    before = env.server.log.length;
    const unvouched = await query("nyed", counted.caseId, { last_checked: lastChecked() });
    expect(unvouched.status, unvouched.text).toBe(200);
    expect(askedSince(before)).toContain("DktRpt.pl");
    expect(unvouched.body.meta.cache_age_seconds).toBeLessThan(60);
  });

  it("the case query cannot vouch over weeks: an entry docketed since with a date no later than the cache's latest filing is read, not answered 'no change'", async () => {
    // A court whose entry count page answers nothing (404), so the free case query (iquery.pl) is its only page.
    env.pacer.feeds.set("nyed", { kind: "none" });
    env.server.fail({ match: /mobile_query\.pl/, kind: "status", status: 404 });
    env.pacer.advanceTo("2009-06-30");
    const hosted = host("nyed");
    // An entry filed long before the cache's latest filing, not yet on the docket when the case was read.
    const entered = (row: HostedDocket["docket"]["rows"][number]) => row.entered ?? row.filed!;
    const late = hosted.docket.rows.filter((row) => entered(row) <= "2009-06-30")[2]!;
    const hide = (day: string) => (hosted.docket = { ...hosted.docket, rows: hosted.docket.rows.map((row) => (row.start === late.start ? { ...row, entered: day } : row)) });
    hide("2999-01-01");
    expect((await query("nyed", hosted.caseId)).status).toBe(200);
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "nyed", new Date())).status).toBe("none");
    await fortyDaysAgo("nyed", hosted.caseId);
    const held = await storedCount(hosted.caseId);
    // Docketed since, dated as filed then: the court's "date of last filing" is still the cache's latest.
    hide("2009-06-30");
    const before = env.server.log.length;
    const check = await monitor("nyed", hosted.caseId, lastChecked());
    expect(check.status, check.text).toBe(200);
    expect(check.body).toMatchObject({ changed: true, change_count: 1 });
    // Not asked at all: what it could say vouches for nothing.
    expect(askedSince(before)).not.toContain("iquery.pl");
    expect(askedSince(before)).toContain("DktRpt.pl");
    expect(await storedCount(hosted.caseId)).toBe(held + 1);
  });

  it("a case whose reports are held is not taken for one the signals vouched for: answered as before (no report bought, /v2/monitor 503)", async () => {
    const hosted = await countedWithoutFeed();
    // Its last docket report went unanswered (PACER may have billed it): held back, as report-hold.ts holds it.
    await prisma().$executeRawUnsafe(
      "UPDATE pacer_cases SET report_failures = 1, report_failed_at = now(), report_failure = 'unanswered' WHERE court_code = 'nyed' AND case_id = $1",
      hosted.caseId,
    );
    const before = env.server.log.length;
    const check = await monitor("nyed", hosted.caseId, lastChecked());
    // The scheduled planner leaves a held case out (it waits for a later run); that is no "unchanged".
    expect(check.status, check.text).toBe(503);
    expect(check.body.error.code).toBe("source_unavailable");
    expect(askedSince(before)).not.toContain("DktRpt.pl");
    const answer = await query("nyed", hosted.caseId, { last_checked: lastChecked() });
    expect(answer.status).toBe(200);
    expect(answer.body.meta.cache_age_seconds).toBeGreaterThan(39 * 86_400);
  });

  /** A laed docket cached as of 2009-06-30, 40 days ago; laed's feed (every entry type) polled without a gap since before. */
  const cachedWithWholeFeed = async (): Promise<HostedDocket> => {
    env.pacer.feeds.set("laed", { kind: "all" });
    env.pacer.advanceTo("2009-06-30");
    const hosted = host("laed", { visibleAt: new Date(Date.now() - 30 * 60_000) });
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date())).status).toBe("ok");
    expect((await query("laed", hosted.caseId)).status).toBe(200);
    await fortyDaysAgo("laed", hosted.caseId);
    return hosted;
  };

  it("a court's whole feed polled without a gap since the case's last reading vouches for it; one polled after a gap does not", async () => {
    const vouched = await cachedWithWholeFeed();
    let before = env.server.log.length;
    const quiet = await query("laed", vouched.caseId, { last_checked: lastChecked() });
    expect(quiet.status, quiet.text).toBe(200);
    // Nothing asked at all (before: a billed docket report).
    expect(askedSince(before)).toEqual([]);
    expect(quiet.body.meta.cache_age_seconds).toBeGreaterThan(39 * 86_400);

    // Another case, whose court's feed went unpolled for two days of its 40 (nobody tracked a laed case): the
    // court docketed entries then, which the feed, keeping about a day, no longer lists.
    const gapped = await cachedWithWholeFeed();
    const held = await storedCount(gapped.caseId);
    await prisma().$executeRawUnsafe("UPDATE pacer_feeds SET last_polled_at = now() - interval '2 days' WHERE court_code = 'laed'");
    env.pacer.advanceTo("2010-06-30");
    for (const row of gapped.docket.rows) gapped.visibleSince.set(row.start, new Date(Date.now() - ((row.entered ?? "") > "2009-06-30" ? 3 : 41) * DAY_MS));
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date())).status).toBe("ok");
    before = env.server.log.length;
    const answer = await query("laed", gapped.caseId, { last_checked: lastChecked() });
    expect(answer.status, answer.text).toBe(200);
    const asked = askedSince(before);
    // The feed cannot vouch, so the free count is asked (before: straight to the report); no count of the
    // court's is stored to compare it with, so the docket is bought.
    expect(asked[0]).toBe("mobile_query.pl");
    expect(asked).toContain("DktRpt.pl");
    const gained = (await storedCount(gapped.caseId)) - held;
    expect(gained).toBeGreaterThan(0);
    expect(answer.body.delta).toMatchObject({ changed: true, change_count: gained });
  });

  it("a batch of untracked cases of one court: their free signals are asked in one plan, and only the changed one is bought", async () => {
    const cases = [await countedWithoutFeed(), await countedWithoutFeed(), await countedWithoutFeed()];
    // The court docketed more on the last one only.
    const busy = cases[2]!;
    busy.dayOffset = 400;
    const adapter = sourceForCourt(findCourt("nyed")!)!;
    const plan = vi.spyOn(adapter, "planRefresh");
    const before = env.server.log.length;
    const answer = await callRoute<BatchResponse>(postBatch, "/v2/cases/batch", {
      body: { queries: cases.map((hosted) => ({ case_id: hosted.caseId, court_code: "nyed", last_checked: lastChecked() })) },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(plan).toHaveBeenCalledTimes(1);
    expect(plan.mock.calls[0]![0]).toMatchObject({ untracked: true });
    expect([...plan.mock.calls[0]![0].caseIds].sort()).toEqual(cases.map((hosted) => hosted.caseId).sort());
    const asked = askedSince(before);
    expect(asked.filter((script) => script === "mobile_query.pl")).toHaveLength(3);
    expect(asked.filter((script) => script === "DktRpt.pl").length).toBeGreaterThanOrEqual(1);
    const bought = await prisma().pacerFee.findMany({ where: { caseId: { in: cases.map((hosted) => hosted.caseId) }, kind: { not: "docket_full" } }, select: { caseId: true } });
    expect(new Set(bought.map((fee) => fee.caseId))).toEqual(new Set([busy.caseId]));
    const changes = (answer.body.results as Array<{ response?: CaseResponse }>).map((result) => result.response?.delta?.changed);
    expect(changes).toEqual([false, false, true]);
  });

  /** Makes the daily fee budget exactly what is spent today, plus `roomCents`. */
  const budgetWithRoom = async (roomCents: number) => {
    const { dayCents } = await budgetState(prisma(), pacerSettings()!, new Date());
    env.configure({ PACER_DAILY_BUDGET_USD: ((dayCents + roomCents) / 100).toFixed(2) });
  };

  it("with the fee budget spent, no free page is asked (an entry count page can charge): served as last refreshed, /v2/monitor 503 until the budget resets, nothing new in the fee ledger", async () => {
    const queried = await countedWithoutFeed();
    const checked = await countedWithoutFeed();
    // Were a page asked for, it would charge and be recorded.
    env.pacer.mobileQueryCents = 10;
    await budgetWithRoom(0);
    try {
      const feesBefore = await prisma().pacerFee.count();
      const before = env.server.log.length;
      const answer = await query("nyed", queried.caseId, { last_checked: lastChecked() });
      expect(answer.status, answer.text).toBe(200);
      // As the budget-spent path answers any case it cannot read: served as last read, its age 40 days.
      expect(answer.body.meta.cache_age_seconds).toBeGreaterThan(39 * 86_400);
      const { resetsAt } = (await budgetState(prisma(), pacerSettings()!, new Date())) as { resetsAt: Date };
      const check = await monitor("nyed", checked.caseId, lastChecked());
      expect(check.status, check.text).toBe(503);
      expect(check.body.error).toMatchObject({ code: "source_unavailable", estimated_recovery_at: resetsAt.toISOString() });
      // The case served stands as unanswered too: no "no change" for it either.
      expect((await monitor("nyed", queried.caseId, lastChecked())).status).toBe(503);
      // PACER was asked nothing at all, free or billed.
      expect(env.server.log.slice(before)).toEqual([]);
      expect(await prisma().pacerFee.count()).toBe(feesBefore);
    } finally {
      env.pacer.mobileQueryCents = 0;
      env.configure({ PACER_DAILY_BUDGET_USD: undefined });
    }
  });

  it("an entry count page that charges during the plan: billed in the fee ledger, and once it spends the budget the rest of the plan asks nothing", async () => {
    const cases = [await countedWithoutFeed(), await countedWithoutFeed(), await countedWithoutFeed()];
    const ids = cases.map((hosted) => hosted.caseId);
    // The court's entry count page now charges $0.10 ("Cost:"); the budget has room for one such page.
    env.pacer.mobileQueryCents = 10;
    await budgetWithRoom(10);
    try {
      const planStarted = new Date();
      const before = env.server.log.length;
      const answer = await callRoute<BatchResponse>(postBatch, "/v2/cases/batch", {
        body: { queries: ids.map((caseId) => ({ case_id: caseId, court_code: "nyed", last_checked: lastChecked() })) },
      });
      expect(answer.status, answer.text).toBe(200);
      // One page, the one the budget had room for; no other page and no docket (as a scheduled run stops).
      expect(askedSince(before)).toEqual(["mobile_query.pl"]);
      const charged = await prisma().pacerFee.findMany({ where: { caseId: { in: ids }, kind: "mobile_query" }, select: { caseId: true, costCents: true } });
      expect(charged).toHaveLength(1);
      expect(charged[0]!.costCents).toBe(10);
      expect(await prisma().pacerFee.count({ where: { caseId: { in: ids }, kind: { not: "docket_full" } } })).toBe(1);
      // What the paid page said is kept: that case is verified now; the others are not.
      const verified = await prisma().pacerCase.findMany({ where: { courtCode: "nyed", caseId: { in: ids } }, select: { caseId: true, verifiedAt: true } });
      const fresh = verified.filter((row) => row.verifiedAt!.getTime() >= planStarted.getTime()).map((row) => row.caseId);
      expect(fresh).toEqual([charged[0]!.caseId]);
      // Every case still answered: the vouched one from the cache, the others as last refreshed.
      const responses = (answer.body.results as Array<{ response?: CaseResponse }>).map((result) => result.response);
      for (const response of responses) expect(response?.meta.cache_age_seconds).toBeGreaterThan(39 * 86_400);
      const { resetsAt } = (await budgetState(prisma(), pacerSettings()!, new Date())) as { resetsAt: Date };
      expect(resetsAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      env.pacer.mobileQueryCents = 0;
      env.configure({ PACER_DAILY_BUDGET_USD: undefined });
    }
  });

  it("a signal page that hangs: the plan gives up at its deadline and the cases are read as before, nothing vouched", async () => {
    const cases = [await countedWithoutFeed(), await countedWithoutFeed()];
    const ids = cases.map((hosted) => hosted.caseId);
    const verifiedBefore = await prisma().pacerCase.findMany({ where: { courtCode: "nyed", caseId: { in: ids } }, select: { caseId: true, verifiedAt: true, listedEntryCount: true, listedEntryCountAt: true } });
    // The deadline (a fetch's) is far shorter than one attempt's time-out, which a retry would double.
    env.configure({ SOURCE_TIMEOUT_MS: "2500", COURT_HTTP_TIMEOUT_MS: "8000" });
    env.server.fail({ match: /mobile_query\.pl/, kind: "hang" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const before = env.server.log.length;
      const answer = await callRoute<BatchResponse>(postBatch, "/v2/cases/batch", {
        body: { queries: ids.map((caseId) => ({ case_id: caseId, court_code: "nyed", last_checked: lastChecked() })) },
      });
      expect(answer.status, answer.text).toBe(200);
      // The first page hung and was not asked again (given up at the deadline, not after an attempt's time-out,
      // which a retry would follow); the second case's page was not asked after the deadline;
      // each docket was then bought as before (one report each).
      const asked = env.server.log.slice(before);
      expect(asked.map((entry) => entry.url.split("?")[0]!.split("/").at(-1))).toEqual(["mobile_query.pl", "DktRpt.pl", "DktRpt.pl"]);
      expect(asked[0]!.status).toBe("hang");
      const responses = (answer.body.results as Array<{ response?: CaseResponse }>).map((result) => result.response);
      for (const response of responses) expect(response?.meta.cache_age_seconds).toBeLessThan(60);
      // Nothing vouched: what the plan recorded before is as it was.
      const verifiedAfter = await prisma().pacerCase.findMany({ where: { courtCode: "nyed", caseId: { in: ids } }, select: { caseId: true, verifiedAt: true, listedEntryCount: true, listedEntryCountAt: true } });
      expect(verifiedAfter.sort((a, b) => a.caseId.localeCompare(b.caseId))).toEqual(verifiedBefore.sort((a, b) => a.caseId.localeCompare(b.caseId)));
      // Logged as the deadline it was (before: "pacer free signal failed", for a page never asked too).
      expectCutOffLogged(logged, ids);
    } finally {
      logged.mockRestore();
      env.server.clearFaults();
      env.configure({ SOURCE_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.SOURCE_TIMEOUT_MS, COURT_HTTP_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.COURT_HTTP_TIMEOUT_MS });
    }
  });
  it("a scheduled refresh whose free pages hang: its plan gives up at its deadline (eight fetch deadlines), so the step ends and the cases are read as when a signal fails", async () => {
    const cases = [await countedWithoutFeed(), await countedWithoutFeed()];
    const ids = cases.map((hosted) => hosted.caseId);
    // One attempt's time-out far longer than the plan's deadline (8 × 1 s): before, the plan had none, and each
    // case's page was asked three times, 8 s each, before the next case's.
    env.configure({ SOURCE_TIMEOUT_MS: "1000", COURT_HTTP_TIMEOUT_MS: "8000" });
    env.server.fail({ match: /mobile_query\.pl/, kind: "hang" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const before = env.server.log.length;
      const summary = await refreshCases({ prisma: prisma(), court: findCourt("nyed")!, caseIds: ids, now: new Date(), concurrency: 1 });
      expect(summary).toMatchObject({ attempted: 2, refreshed: 2, skipped: 0 });
      const asked = env.server.log.slice(before);
      expect(asked.map((entry) => entry.url.split("?")[0]!.split("/").at(-1))).toEqual(["mobile_query.pl", "DktRpt.pl", "DktRpt.pl"]);
      expectCutOffLogged(logged, ids);
    } finally {
      logged.mockRestore();
      env.server.clearFaults();
      env.configure({ SOURCE_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.SOURCE_TIMEOUT_MS, COURT_HTTP_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.COURT_HTTP_TIMEOUT_MS });
    }
  });
});

describe.skipIf(HAS_CORPUS)("a PACER case no refresh kept current", () => {
  it.skip(NO_CORPUS_MESSAGE, () => undefined);
});
