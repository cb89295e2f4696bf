// PACER's courts of appeals (CM/ECF appellate) as a live source, end to end over real HTTP: the replay
// server serves recorded real appellate dockets through TransportRoom's CaseSummary.jsp (cut to the asked
// date range and party choice, billed by its printed text with a receipt, and its RSS feed); the production
// adapter logs in, reads the
// docket by its number, records the fee, and the real cache stores it, on PGlite and PostgreSQL. Payment is
// the one stand-in (tests/http covers x402).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CaseResponse, Court } from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { GET as getStatus } from "@/app/v2/status/route";
import { findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { listCourtsToRefresh } from "@/lib/refresh/list-tracked-cases";
import { refreshCases } from "@/lib/refresh/refresh-cases";
import { APPELLATE_LOOKBACK_DAYS } from "@/lib/sources/pacer/fetch-appellate-case";
import { pacerSettings } from "@/lib/sources/pacer/pacer-settings";
import { markFeedItems } from "@/lib/sources/pacer/mark-feed-items";
import { listFeedCourts, pollCourtFeed } from "@/lib/sources/pacer/poll-court-feed";
import type { RssItem } from "@/lib/sources/pacer/read-rss-feed";
import { callRoute } from "../helpers/call-route";
import { HAS_CORPUS, NO_CORPUS_MESSAGE } from "../helpers/corpus";
import { startPacerEnvironment, type PacerEnvironment } from "../helpers/replay/pacer-environment";
import { resetAppellateState } from "../helpers/replay/reset-appellate-state";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

vi.hoisted(() => {
  // The registry computes coverage when first imported: PACER must be configured before that.
  process.env.PACER_USERNAME = "replay-user";
  process.env.PACER_PASSWORD = "correct horse battery staple";
});
vi.mock("@/lib/payments/run-paid", async () => (await import("../helpers/payment-stand-in")).paymentStandIn("0x00000000000000000000000000000000000000aa"));

const CA1 = "pacer/appellate/ca1_2.html"; // 16-1033: 35 entries, January to November 2016, 3 parties
const CA6 = "pacer/appellate/ca6_1.html"; // 22-5459: 60 entries from November 2022, attachments
const CADC = "pacer/appellate/cadc_1.html"; // 22-8513: 7 entries
const APPELLATE = ["ca1", "ca6", "cadc", "ca3"];

const queryCase = (courtCode: string, caseId: string) =>
  callRoute<CaseResponse & { error: Record<string, string> }>(getCase, "/v2/case", { query: { case_id: caseId, court_code: courtCode, context: "full" } });

interface StoredEntry {
  entry_key: string;
  description: string;
  filed_at: Date;
  first_seen_at: Date;
}
const storedEntries = (prisma: PrismaClient, courtCode: string, caseId: string) =>
  prisma.$queryRawUnsafe<StoredEntry[]>(
    `SELECT e.entry_key, e.description, e.filed_at, e.first_seen_at FROM docket_entries e
     JOIN cases c ON c.id = e.case_ref WHERE c.court_code = $1 AND c.case_id = $2 ORDER BY e.entry_key`,
    courtCode,
    caseId,
  );

let env: PacerEnvironment;
beforeAll(async () => {
  env = await startPacerEnvironment();
});
afterAll(async () => env?.close());

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("PACER courts of appeals on %s", (_name, target) => {
  const database = databaseForSuite(target, (opened) => useDatabase(opened.db));
  const prisma = () => database().db.prisma;
  const requests = () => env.pacer.appellateRequests;

  beforeEach(async () => {
    // The recorded dockets carry their own numbers: each test starts with none of them cached.
    await resetAppellateState(env, prisma(), APPELLATE);
  });

  it("a court of appeals on CM/ECF is covered (partial, cadence 86400); the ACMS circuits, the panels and Veterans Claims are not read through PACER", async () => {
    expect(findCourt("ca1")).toMatchObject({ coverage: "partial", refresh_cadence_seconds: 86_400, case_management_system: "CM/ECF Appellate" });
    expect(findCourt("ca1")!.notes).toMatch(/^Orders, opinions and judgments the court.s free feed lists are read within the hour/);
    // Not read through PACER: with the demo source (the tests' default) they answer generated cases and say why.
    const status = await callRoute<{ courts: Court[] }>(getStatus, "/v2/status");
    for (const code of ["ca2", "ca9", "bap9", "cavc"]) {
      const court = status.body.courts.find((listed) => listed.court_code === code)!;
      expect(court.case_management_system, code).toMatch(/^Demo source/);
      expect(court.notes, code).toMatch(/the PACER source does not read this court's (ACMS|CM\/ECF Appellate) dockets yet/);
    }
    expect(status.body.courts.find((court) => court.court_code === "cadc")).toMatchObject({ coverage: "partial", refresh_cadence_seconds: 86_400 });
    // Refreshed by the hourly run (its planner reads what is due); never by the 15-minute one; its feed is polled.
    env.pacer.hostAppellate(CADC, { court: "cadc" });
    expect((await queryCase("cadc", "22-8513")).status).toBe(200);
    expect(await listCourtsToRefresh(prisma(), 3600, new Date())).toContain("cadc");
    expect(await listCourtsToRefresh(prisma(), 900, new Date())).not.toContain("cadc");
    expect(await listFeedCourts(prisma(), new Date(), 30 * 86_400_000)).toContain("cadc");
  });

  it("a paid miss reads the whole docket by its number once, with parties; the ledger holds PACER's bill; cached answers ask nothing", async () => {
    env.pacer.hostAppellate(CA1, { court: "ca1" });
    const billsBefore = env.pacer.bills.length;
    const answer = await queryCase("ca1", "16-1033");
    expect(answer.status, answer.text).toBe(200);
    const kase = answer.body.case as { docket_history: unknown[]; parties: unknown[]; case_number: string };
    expect(kase.docket_history).toHaveLength(35);
    expect(kase.parties).toHaveLength(3);
    expect(answer.body.meta.coverage_status).toBe("partial");
    expect(requests()).toHaveLength(1);
    expect(requests()[0]!.params).toMatchObject({ servlet: "CaseSummary.jsp", caseNum: "16-1033", incDktEntries: "Y", incPtyAty: "Y" });
    expect(requests()[0]!.params.dateFrom).toBeUndefined();
    const fees = await prisma().pacerFee.findMany({ where: { courtCode: "ca1" } });
    const bills = env.pacer.bills.slice(billsBefore);
    expect(fees).toHaveLength(1);
    expect(bills).toHaveLength(1);
    expect(fees[0]).toMatchObject({ kind: "docket_full", billedPages: bills[0]!.pages, costCents: bills[0]!.cents, estimated: false });
    expect(fees[0]!.cause).toBe(answer.headers.get("x-request-id"));

    // With the clerk's team letters, or padded: the same case, from the cache, nothing asked.
    expect((await queryCase("ca1", "16-1033-AA")).status).toBe(200);
    expect((await queryCase("ca1", "16-01033")).status).toBe(200);
    expect(await prisma().case.count({ where: { courtCode: "ca1" } })).toBe(1);
    expect((await queryCase("ca1", "16-1033")).status).toBe(200);
    expect(requests()).toHaveLength(1);
  });

  it("a number the court does not know: 404 case_not_found, nothing billed; a sealed case: 404 that says so", async () => {
    const billsBefore = env.pacer.bills.length;
    const unknown = await queryCase("ca1", "16-9999");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("case_not_found");
    env.pacer.hostAppellate(CADC, { court: "cadc", sealed: true });
    const sealed = await queryCase("cadc", "22-8513");
    expect(sealed.status).toBe(404);
    expect(sealed.body.error.message).toMatch(/sealed/i);
    expect(env.pacer.bills.length).toBe(billsBefore);
    expect(await prisma().pacerFee.count()).toBe(0);
  });

  it("an expired session: one new login, the same request again, one bill", async () => {
    env.pacer.hostAppellate(CADC, { court: "cadc" });
    const loginsBefore = env.pacer.logins.length;
    expect((await queryCase("ca1", "16-9999")).status).toBe(404); // logs in
    env.pacer.expireSessions();
    const billsBefore = env.pacer.bills.length;
    expect((await queryCase("cadc", "22-8513")).status).toBe(200);
    expect(env.pacer.logins.slice(loginsBefore).map((login) => login.result)).toEqual(["ok", "ok"]);
    // The login page once, then the same request through.
    expect(requests().filter((request) => request.court === "cadc")).toHaveLength(2);
    expect(env.pacer.bills.length).toBe(billsBefore + 1);
  });

  it("a docket of another court or case is never stored under this one: 503, not charged, and not bought again at once", async () => {
    // The First Circuit's page served by a court that says it is the Third's.
    env.pacer.hostAppellate(CA1, { court: "ca3" });
    const answer = await queryCase("ca3", "16-1033");
    expect(answer.status).toBe(503);
    expect(await prisma().case.count({ where: { courtCode: "ca3" } })).toBe(0);
    // Another number's page: billed once, then held (a second query, a refresh run: nothing asked).
    env.pacer.hostAppellate(CA1, { court: "ca1", caseId: "16-1034" });
    const billsBefore = env.pacer.bills.length;
    expect((await queryCase("ca1", "16-1034")).status).toBe(503);
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    const again = await queryCase("ca1", "16-1034");
    expect(again.status).toBe(503);
    expect(again.headers.get("retry-after")).not.toBeNull();
    expect(env.pacer.bills.length).toBe(billsBefore + 1);
    expect(requests().filter((request) => request.caseNum === "16-1034")).toHaveLength(1);
    expect(await prisma().pacerCase.findUnique({ where: { courtCode_caseId: { courtCode: "ca1", caseId: "16-1034" } } })).toMatchObject({ reportFailures: 1 });
    // After the wait it is bought once more, and the next wait is twice as long (a court that keeps answering
    // with the wrong page is asked less and less, a day apart at most).
    await prisma().$executeRawUnsafe("UPDATE pacer_cases SET report_failed_at = report_failed_at - interval '16 minutes' WHERE court_code = 'ca1' AND case_id = '16-1034'");
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    expect((await queryCase("ca1", "16-1034")).status).toBe(503);
    expect(env.pacer.bills.length).toBe(billsBefore + 2);
    expect(await prisma().pacerCase.findUnique({ where: { courtCode_caseId: { courtCode: "ca1", caseId: "16-1034" } } })).toMatchObject({ reportFailures: 2 });
  });

  it("another case's docket served without a receipt is still counted as billed (by its size) and holds the case", async () => {
    env.pacer.hostAppellate(CA1, { court: "ca1", caseId: "16-1035" });
    env.pacer.appellateWithoutReceipt = true;
    expect((await queryCase("ca1", "16-1035")).status).toBe(503);
    const fee = await prisma().pacerFee.findFirst({ where: { courtCode: "ca1", caseId: "16-1035" } });
    expect(fee).toMatchObject({ kind: "docket_full", estimated: false, inFlight: false });
    expect(fee!.costCents).toBeGreaterThan(0);
    expect(await prisma().pacerCase.findUnique({ where: { courtCode_caseId: { courtCode: "ca1", caseId: "16-1035" } } })).toMatchObject({ reportFailures: 1 });
  });

  it("a filing docketed weeks after its date (ca1 10-1095: 76 days) is missed by the daily readings and read by the weekly whole one, once", async () => {
    env.pacer.hostAppellate("pacer/appellate/ca1.html", { court: "ca1" });
    env.pacer.advanceTo("2010-05-25");
    expect((await queryCase("ca1", "10-1095")).status).toBe(200);
    const first = await storedEntries(prisma(), "ca1", "10-1095");
    expect(first.some((entry) => entry.description.startsWith("CASE submitted"))).toBe(false);
    // Docketed on 06/28 under the date 04/13: before the 14-day look-back from the latest filing (05/24).
    env.pacer.advanceTo("2010-06-29");
    const court = findCourt("ca1")!;
    const daily = await refreshCases({ prisma: prisma(), court, caseIds: ["10-1095"], now: new Date(Date.now() + 86_400_000) });
    expect(daily).toMatchObject({ refreshed: 1 });
    expect(requests().at(-1)!.params.dateFrom).toBe("05/10/2010");
    expect((await storedEntries(prisma(), "ca1", "10-1095")).some((entry) => entry.description.startsWith("CASE submitted"))).toBe(false);

    const weekly = await refreshCases({ prisma: prisma(), court, caseIds: ["10-1095"], now: new Date(Date.now() + 8 * 86_400_000) });
    expect(weekly).toMatchObject({ refreshed: 1, newEntries: 1 });
    expect(requests().at(-1)!.params).toMatchObject({ incPtyAty: "N" });
    expect(requests().at(-1)!.params.dateFrom).toBeUndefined();
    const after = await storedEntries(prisma(), "ca1", "10-1095");
    expect(after.filter((entry) => entry.description.startsWith("CASE submitted"))).toHaveLength(1);
    expect(after).toHaveLength(first.length + 1);
    expect(await prisma().party.count({ where: { case: { courtCode: "ca1", caseId: "10-1095" } } })).toBe(3);
  });

  it("a weekly whole reading that goes unanswered: counted at the cap, the case waits, then the daily readings go on (not whole at every hold's end)", async () => {
    env.pacer.hostAppellate(CADC, { court: "cadc" });
    expect((await queryCase("cadc", "22-8513")).status).toBe(200);
    const court = findCourt("cadc")!;
    env.configure({ SOURCE_TIMEOUT_MS: "1000", COURT_HTTP_TIMEOUT_MS: "5000" });
    // Only the whole reading hangs (no dateFrom).
    env.server.fail({ match: /TransportRoom\?(?!.*dateFrom)/, kind: "hang" });
    try {
      const week = new Date(Date.now() + 7 * 86_400_000);
      const hung = await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: week });
      expect(hung).toMatchObject({ unavailable: 1 });
      await expect.poll(() => prisma().pacerFee.count({ where: { courtCode: "cadc", estimated: true } }), { timeout: 5_000 }).toBe(1);
      // Written when the abandoned request ends, after the run's answer.
      await expect.poll(async () => (await prisma().pacerCase.findFirst({ where: { courtCode: "cadc" } }))?.reportFailures, { timeout: 5_000 }).toBe(1);
      // The hold, by the run's clock (the database stamped it at its own time): while it lasts, nothing is asked.
      await prisma().$executeRawUnsafe("UPDATE pacer_cases SET report_failed_at = $1::timestamptz WHERE court_code = 'cadc'", week.toISOString());
      const asked = requests().length;
      expect(await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: new Date(week.getTime() + 60_000) })).toMatchObject({ attempted: 0 });
      expect(requests()).toHaveLength(asked);
      // The hold is over: the next reading looks back (it is answered), it is not the whole one again.
      const after = await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: new Date(week.getTime() + 86_400_000) });
      expect(after).toMatchObject({ refreshed: 1 });
      expect(requests().at(-1)!.params.dateFrom).toBeDefined();
    } finally {
      env.server.clearFaults();
      env.configure({ SOURCE_TIMEOUT_MS: undefined, COURT_HTTP_TIMEOUT_MS: undefined });
    }
  });

  it("a tracked case the court stops showing (sealed) is asked once a day, not on every hourly run", async () => {
    const hosted = env.pacer.hostAppellate(CADC, { court: "cadc" });
    expect((await queryCase("cadc", "22-8513")).status).toBe(200);
    hosted.sealed = true;
    const court = findCourt("cadc")!;
    const asked = () => requests().filter((request) => request.court === "cadc").length;
    const before = asked();
    for (const hours of [24, 25, 26, 30, 47]) {
      await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: new Date(Date.now() + hours * 3_600_000) });
    }
    expect(asked()).toBe(before + 1);
    expect(await prisma().case.findFirst({ where: { courtCode: "cadc" }, select: { sourceState: true } })).toMatchObject({ sourceState: "sealed" });
    await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: new Date(Date.now() + 48 * 3_600_000) });
    expect(asked()).toBe(before + 2);
  });

  it("an opinion or judgment in the court's feed is read within the hour, not the next day; the same items pay once", async () => {
    // Docketed up to 07/30/2017, two days ago by the wall clock (out of the feed's day).
    env.pacer.advanceTo("2017-07-30");
    env.pacer.hostAppellate(CA1, { court: "ca1", visibleAt: new Date(Date.now() - 2 * 86_400_000) });
    expect((await queryCase("ca1", "16-1033")).status).toBe(200);
    const court = findCourt("ca1")!;
    const settings = pacerSettings()!;
    // Nothing in the feed: an hour later nothing is due.
    expect((await pollCourtFeed(prisma(), settings, "ca1", new Date())).status).toBe("ok");
    expect(await refreshCases({ prisma: prisma(), court, caseIds: ["16-1033"], now: new Date(Date.now() + 3_600_000) })).toMatchObject({ attempted: 0 });
    // The opinion and the judgment are docketed on 07/31/2017: the feed lists them, the next run reads the case.
    env.pacer.advanceTo("2017-07-31");
    const poll = await pollCourtFeed(prisma(), settings, "ca1", new Date());
    expect(poll).toMatchObject({ status: "ok", entryTypes: ["orders", "opinions", "judgments"], marked: 1 });
    const asked = requests().length;
    const run = await refreshCases({ prisma: prisma(), court, caseIds: ["16-1033"], now: new Date(Date.now() + 2 * 3_600_000) });
    expect(run).toMatchObject({ refreshed: 1, newEntries: 2 });
    expect(requests()).toHaveLength(asked + 1);
    expect(requests().at(-1)!.params.dateFrom).toBeDefined();
    const stored = await storedEntries(prisma(), "ca1", "16-1033");
    expect(stored.filter((entry) => /^(OPINION|JUDGMENT)/.test(entry.description))).toHaveLength(2);
    // Polled again, the same items: nothing more to buy.
    expect(await pollCourtFeed(prisma(), settings, "ca1", new Date())).toMatchObject({ marked: 0 });
    expect(await refreshCases({ prisma: prisma(), court, caseIds: ["16-1033"], now: new Date(Date.now() + 3 * 3_600_000) })).toMatchObject({ attempted: 0 });
    expect(requests()).toHaveLength(asked + 1);
  });

  it("an item first seen while a reading was under way makes the case due (the reading may not hold it); one seen before it began does not", async () => {
    env.pacer.hostAppellate(CADC, { court: "cadc" });
    expect((await queryCase("cadc", "22-8513")).status).toBe(200);
    const court = findCourt("cadc")!;
    const inAnHour = new Date(Date.now() + 3_600_000);
    // Seen (and docketed) a moment before the stored reading began: in it.
    await prisma().$executeRawUnsafe(
      `UPDATE pacer_cases p SET changed_at = c.read_from - interval '10 minutes', changed_seen_at = c.read_from - interval '1 millisecond'
       FROM cases c WHERE c.court_code = p.court_code AND c.case_id = p.case_id AND p.court_code = 'cadc'`,
    );
    expect(await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: inAnHour })).toMatchObject({ attempted: 0 });
    // Docketed and seen after it began, before it was stored: not necessarily in it.
    await prisma().$executeRawUnsafe(
      `UPDATE pacer_cases p SET changed_at = c.read_from + interval '1 millisecond', changed_seen_at = c.read_from + interval '2 milliseconds'
       FROM cases c WHERE c.court_code = p.court_code AND c.case_id = p.case_id AND p.court_code = 'cadc'`,
    );
    expect(await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: inAnHour })).toMatchObject({ attempted: 1, refreshed: 1 });
  });

  it("feed items name the case as agents may type it: padded, or with the clerk's team letters", async () => {
    env.pacer.hostAppellate(CADC, { court: "cadc" });
    expect((await queryCase("cadc", "22-8513")).status).toBe(200);
    const item = (number: string): RssItem => ({
      court: "cadc",
      caseNumber: number,
      caseName: "In re x",
      pacerCaseId: number,
      entryNumber: null,
      documentId: null,
      sequence: null,
      shortDescription: `Order Filed ${number}`,
      time: new Date().toISOString(),
      timeStated: true,
      bankruptcy: null,
    });
    expect(await markFeedItems(prisma(), "cadc", [item("22-08513")])).toBe(1);
    expect(await markFeedItems(prisma(), "cadc", [item("22-8513-AA")])).toBe(1);
  });

  it("what is read follows what is asked: a case not queried for a week is read weekly, not daily", async () => {
    env.pacer.hostAppellate(CADC, { court: "cadc" });
    expect((await queryCase("cadc", "22-8513")).status).toBe(200);
    await prisma().$executeRawUnsafe(`UPDATE cases SET last_queried_at = now() - interval '8 days' WHERE court_code = 'cadc'`);
    const court = findCourt("cadc")!;
    const nextDay = await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: new Date(Date.now() + 86_400_000) });
    expect(nextDay).toMatchObject({ attempted: 0, skipped: 1 });
    const nextWeek = await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: new Date(Date.now() + 7 * 86_400_000) });
    expect(nextWeek).toMatchObject({ attempted: 1, refreshed: 1 });
    // Queried again: daily once more.
    await prisma().$executeRawUnsafe(`UPDATE cases SET last_queried_at = now(), last_refreshed_at = now() - interval '1 day' WHERE court_code = 'cadc'`);
    await prisma().$executeRawUnsafe(`UPDATE pacer_cases SET answered_at = now() - interval '1 day' WHERE court_code = 'cadc'`);
    expect(await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: new Date() })).toMatchObject({ attempted: 1 });
  });

  it("a case no refresh kept current is read when queried again, though its weekly schedule would wait: no free signal vouches for it", async () => {
    env.pacer.hostAppellate(CADC, { court: "cadc" });
    expect((await queryCase("cadc", "22-8513")).status).toBe(200);
    // Read by a weekly run three days ago, last queried 31 days ago: no longer tracked, and not due by the schedule.
    await prisma().$executeRawUnsafe(
      `UPDATE cases SET last_queried_at = now() - interval '31 days', last_refreshed_at = now() - interval '3 days', read_from = now() - interval '3 days' WHERE court_code = 'cadc'`,
    );
    await prisma().$executeRawUnsafe(`UPDATE pacer_cases SET answered_at = now() - interval '3 days' WHERE court_code = 'cadc'`);
    const asked = requests().length;
    const answer = await queryCase("cadc", "22-8513");
    expect(answer.status, answer.text).toBe(200);
    expect(requests()).toHaveLength(asked + 1);
    expect(answer.body.meta.cache_age_seconds).toBeLessThan(60);
  });

  it("refresh: due once a day; entries dated since the latest cached filing less the look-back, no parties; merged exactly, first_seen kept", async () => {
    env.pacer.hostAppellate(CA6, { court: "ca6" });
    env.pacer.advanceTo("2022-12-31");
    expect((await queryCase("ca6", "22-5459")).status).toBe(200);
    const first = await storedEntries(prisma(), "ca6", "22-5459");
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(60);
    const parties = await prisma().party.count({ where: { case: { courtCode: "ca6", caseId: "22-5459" } } });
    expect(parties).toBe(4);

    env.pacer.advanceTo(null);
    const court = findCourt("ca6")!;
    // Read a moment ago: not due, nothing asked, nothing paid.
    const early = await refreshCases({ prisma: prisma(), court, caseIds: ["22-5459"], now: new Date() });
    expect(early).toMatchObject({ attempted: 0, skipped: 1 });
    expect(requests()).toHaveLength(1);

    const nextDay = new Date(Date.now() + 86_400_000);
    const summary = await refreshCases({ prisma: prisma(), court, caseIds: ["22-5459"], now: nextDay });
    expect(summary).toMatchObject({ refreshed: 1, unavailable: 0 });
    expect(requests()).toHaveLength(2);
    const latest = first.map((entry) => entry.filed_at.getTime()).reduce((a, b) => Math.max(a, b));
    const from = new Date(latest - APPELLATE_LOOKBACK_DAYS * 86_400_000);
    const expectedFrom = `${String(from.getUTCMonth() + 1).padStart(2, "0")}/${String(from.getUTCDate()).padStart(2, "0")}/${from.getUTCFullYear()}`;
    expect(requests()[1]!.params).toMatchObject({ caseNum: "22-5459", incPtyAty: "N", dateFrom: expectedFrom });
    const fee = await prisma().pacerFee.findFirst({ where: { courtCode: "ca6" }, orderBy: { id: "desc" } });
    expect(fee).toMatchObject({ kind: "docket_since", cause: "refresh:ca6" });

    const after = await storedEntries(prisma(), "ca6", "22-5459");
    expect(after).toHaveLength(60);
    expect(summary.newEntries).toBe(60 - first.length);
    const byKey = new Map(after.map((entry) => [entry.entry_key, entry]));
    for (const entry of first) expect(byKey.get(entry.entry_key)?.first_seen_at.getTime()).toBe(entry.first_seen_at.getTime());
    expect(await prisma().party.count({ where: { case: { courtCode: "ca6", caseId: "22-5459" } } })).toBe(parties);

    // The merged cache equals a whole reading of the docket.
    await prisma().$executeRawUnsafe(`DELETE FROM cases WHERE court_code = 'ca6'`);
    expect((await queryCase("ca6", "22-5459")).status).toBe(200);
    const whole = await storedEntries(prisma(), "ca6", "22-5459");
    const shape = (entries: StoredEntry[]) => entries.map((entry) => [entry.entry_key, entry.description, entry.filed_at.toISOString()]);
    expect(shape(after)).toEqual(shape(whole));
  });

  it("a spent fee budget: a miss answers 503 without asking the court; a refresh run stops and says so", async () => {
    env.pacer.hostAppellate(CADC, { court: "cadc" });
    env.configure({ PACER_DAILY_BUDGET_USD: "0.01" });
    await prisma().pacerFee.create({ data: { courtCode: "mad", caseId: "x", kind: "docket_full", bytes: 1, billedPages: 1, costCents: 10, cause: "test" } });
    const answer = await queryCase("cadc", "22-8513");
    expect(answer.status).toBe(503);
    expect(answer.body.error.message).toMatch(/budget/i);
    expect(requests()).toHaveLength(0);
    // A tracked case's refresh run: nothing asked, the run stops and says the budget is spent.
    env.configure({ PACER_DAILY_BUDGET_USD: undefined });
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches"); // the 503 is remembered for 15 s
    expect((await queryCase("cadc", "22-8513")).status).toBe(200);
    env.configure({ PACER_DAILY_BUDGET_USD: "0.01" });
    // Due (read two days ago), on the day the budget is spent.
    await prisma().$executeRawUnsafe("UPDATE cases SET last_refreshed_at = now() - interval '2 days' WHERE court_code = 'cadc'");
    await prisma().$executeRawUnsafe("UPDATE pacer_cases SET answered_at = now() - interval '2 days' WHERE court_code = 'cadc'");
    const asked = requests().length;
    const run = await refreshCases({ prisma: prisma(), court: findCourt("cadc")!, caseIds: ["22-8513"], now: new Date() });
    expect(run).toMatchObject({ budgetSpent: true, refreshed: 0 });
    expect(requests()).toHaveLength(asked);
  });
});

describe.skipIf(HAS_CORPUS)("PACER courts of appeals", () => {
  it.skip(NO_CORPUS_MESSAGE, () => undefined);
});
