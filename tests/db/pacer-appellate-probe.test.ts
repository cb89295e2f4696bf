// Probes of the courts of appeals' live path as a paying agent and as the refresh runs see it (a probe, kept as
// regression tests): money (no report bought twice, none for nothing), truth (delta and /v2/monitor across
// the court's additions), and refused pages never charged. Over the replay server with real corpus pages.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CaseResponse, MonitorResponse } from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { GET as getMonitor } from "@/app/v2/monitor/route";
import { findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import { refreshCases } from "@/lib/refresh/refresh-cases";
import { callRoute } from "../helpers/call-route";
import { HAS_CORPUS, NO_CORPUS_MESSAGE } from "../helpers/corpus";
import { startPacerEnvironment, type PacerEnvironment } from "../helpers/replay/pacer-environment";
import { resetAppellateState } from "../helpers/replay/reset-appellate-state";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

vi.hoisted(() => {
  process.env.PACER_USERNAME = "replay-user";
  process.env.PACER_PASSWORD = "correct horse battery staple";
});
vi.mock("@/lib/payments/run-paid", async () => (await import("../helpers/payment-stand-in")).paymentStandIn("0x00000000000000000000000000000000000000ac"));

const DAY_MS = 86_400_000;
type Answer = CaseResponse & { error: Record<string, string> };
const queryCase = (courtCode: string, caseId: string, extra: Record<string, string> = {}) =>
  callRoute<Answer>(getCase, "/v2/case", { query: { case_id: caseId, court_code: courtCode, context: "full", ...extra } });
const monitor = (courtCode: string, caseId: string, lastChecked: string) =>
  callRoute<MonitorResponse & { error: Record<string, string> }>(getMonitor, "/v2/monitor", { query: { case_id: caseId, court_code: courtCode, last_checked: lastChecked } });

// Every recorded appellate docket of a court read through PACER's CM/ECF appellate (not ACMS, BAPs, CAVC).
const DOCKETS: Array<[file: string, court: string, caseId: string]> = [
  ["pacer/appellate/ca1.html", "ca1", "10-1095"],
  ["pacer/appellate/ca1_2.html", "ca1", "16-1033"],
  ["pacer/appellate/ca1_46307.html", "ca1", "19-2244"],
  ["pacer/appellate/ca11_1.html", "ca11", "18-90014"],
  ["pacer/appellate/ca5_212643.html", "ca5", "23-30126"],
  ["pacer/appellate/ca6_1.html", "ca6", "22-5459"],
  ["pacer/appellate/cadc_1.html", "cadc", "22-8513"],
];
const CODES = ["ca1", "ca5", "ca6", "ca11", "cadc", "ca3"];

let env: PacerEnvironment;
beforeAll(async () => {
  env = await startPacerEnvironment();
});
afterAll(async () => env?.close());

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("courts of appeals probe on %s", (_name, target) => {
  const database = databaseForSuite(target, (opened) => useDatabase(opened.db));
  const prisma = () => database().db.prisma;
  const requests = () => env.pacer.appellateRequests;

  beforeEach(async () => {
    await resetAppellateState(env, prisma(), CODES);
  });

  it("concurrent queries of one uncached case, as typed differently, buy one report", async () => {
    env.pacer.hostAppellate("pacer/appellate/ca1_2.html", { court: "ca1" });
    const answers = await Promise.all([queryCase("ca1", "16-1033"), queryCase("ca1", "16-01033"), queryCase("ca1", "16-1033-AA"), queryCase("ca1", "16-1033")]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect(requests()).toHaveLength(1);
    expect(await prisma().pacerFee.count()).toBe(1);
  });

  it.each(DOCKETS)("%s: each reading buys one report, the ledger equals the bill", async (file, court, caseId) => {
    env.pacer.hostAppellate(file, { court });
    const bills = env.pacer.bills.length;
    expect((await queryCase(court, caseId)).status).toBe(200);
    const record = findCourt(court)!;
    const daily = await refreshCases({ prisma: prisma(), court: record, caseIds: [caseId], now: new Date(Date.now() + DAY_MS) });
    expect(daily).toMatchObject({ refreshed: 1 });
    const weekly = await refreshCases({ prisma: prisma(), court: record, caseIds: [caseId], now: new Date(Date.now() + 8 * DAY_MS) });
    expect(weekly).toMatchObject({ refreshed: 1, newEntries: 0 });
    expect(requests()).toHaveLength(3);
    const billed = env.pacer.bills.slice(bills);
    const fees = await prisma().pacerFee.findMany({ orderBy: { id: "asc" } });
    expect(fees.map((fee) => [fee.billedPages, fee.costCents, fee.estimated])).toEqual(billed.map((bill) => [bill.pages, bill.cents, false]));
  });

  /** The stored case made due (answered two days ago), as the hourly run finds a case queried daily. */
  const makeDue = async (court: string) => {
    await prisma().$executeRawUnsafe(`UPDATE cases SET last_refreshed_at = last_refreshed_at - interval '2 days' WHERE court_code = $1`, court);
    await prisma().$executeRawUnsafe(`UPDATE pacer_cases SET answered_at = answered_at - interval '2 days' WHERE court_code = $1`, court);
  };
  const descriptions = (answer: { body: Answer }) => ((answer.body.delta?.new_filings ?? []) as Array<{ description: string }>).map((entry) => entry.description);

  it("delta across queries with the court docketing in between (same-day entries, one docketed a day late): each entry once, none missed; /v2/monitor agrees", async () => {
    const hosted = env.pacer.hostAppellate("pacer/appellate/ca5_212643.html", { court: "ca5" });
    env.pacer.advanceTo("2023-05-09");
    const first = await queryCase("ca5", "23-30126");
    expect(first.status, first.text).toBe(200);
    const firstCount = (first.body.case as { docket_history: unknown[] }).docket_history.length;
    const checked = [first.body.meta.queried_at];
    const seen: string[] = [];
    const court = findCourt("ca5")!;
    for (const day of ["2023-05-10", "2023-05-31", "2023-07-11", "2024-01-10"]) {
      env.pacer.advanceTo(day);
      await makeDue("ca5");
      const asked = requests().length;
      expect(await refreshCases({ prisma: prisma(), court, caseIds: ["23-30126"], now: new Date() })).toMatchObject({ refreshed: 1 });
      expect(requests()).toHaveLength(asked + 1);
      const last = checked.at(-1)!;
      const check = await monitor("ca5", "23-30126", last);
      const answer = await queryCase("ca5", "23-30126", { last_checked: last });
      expect(answer.status, answer.text).toBe(200);
      const fresh = descriptions(answer);
      const added = hosted.docket.rows.filter((row) => (row.entered ?? row.date) <= day).length - firstCount - seen.length;
      expect(fresh, day).toHaveLength(added);
      expect(check.body).toMatchObject({ changed: added > 0, change_count: added });
      seen.push(...fresh);
      checked.push(answer.body.meta.queried_at);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(firstCount + seen.length).toBe(30);
    // Nothing new since the last check: no change, no entry.
    expect((await monitor("ca5", "23-30126", checked.at(-1)!)).body).toMatchObject({ changed: false, change_count: 0 });
  });

  // ca11_1 is the court's summary form of 18-90014 (no selection checkboxes, so no sequence numbers); ca11_2 the
  // docket form (with them). The same six entries, each with its document.
  it.each([
    ["pacer/appellate/ca11_1.html", "pacer/appellate/ca11_2.html"],
    ["pacer/appellate/ca11_2.html", "pacer/appellate/ca11_1.html"],
  ])("ca11 18-90014 read from %s, then from %s: an entry with or without its sequence number is told once", async (before, after) => {
    env.pacer.hostAppellate(before, { court: "ca11" });
    const first = await queryCase("ca11", "18-90014");
    expect(first.status, first.text).toBe(200);
    env.pacer.hostedAppellate.length = 0;
    env.pacer.hostAppellate(after, { court: "ca11" });
    await makeDue("ca11");
    const run = await refreshCases({ prisma: prisma(), court: findCourt("ca11")!, caseIds: ["18-90014"], now: new Date(Date.now() + 8 * DAY_MS) });
    expect(run).toMatchObject({ refreshed: 1, newEntries: 0 });
    const again = await queryCase("ca11", "18-90014", { last_checked: first.body.meta.queried_at });
    expect(descriptions(again)).toEqual([]);
    expect((again.body.case as { docket_history: unknown[] }).docket_history).toHaveLength(6);
    // Read once more in the docket form: nothing new again.
    env.pacer.hostedAppellate.length = 0;
    env.pacer.hostAppellate("pacer/appellate/ca11_2.html", { court: "ca11" });
    await makeDue("ca11");
    expect(await refreshCases({ prisma: prisma(), court: findCourt("ca11")!, caseIds: ["18-90014"], now: new Date(Date.now() + 16 * DAY_MS) })).toMatchObject({ refreshed: 1, newEntries: 0 });
  });


  it("refused or odd answers are never charged to the agent and cost nothing: a server error, an expired session whose login is refused", async () => {
    env.pacer.hostAppellate("pacer/appellate/cadc_1.html", { court: "cadc" });
    const billsBefore = env.pacer.bills.length;
    const uncharged = async (why: string) => {
      await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
      const answer = await queryCase("cadc", "22-8513");
      expect(answer.status, `${why}: ${answer.text}`).toBe(503);
      expect(answer.body.error.code, why).toBe("source_unavailable");
      expect(answer.headers.get("retry-after") ?? answer.body.error.retry_after, why).not.toBeNull();
      expect(await prisma().case.count({ where: { courtCode: "cadc" } }), why).toBe(0);
    };
    env.server.fail({ match: /TransportRoom\?servlet=CaseSummary/, kind: "status", status: 500 });
    await uncharged("500");
    env.server.clearFaults();
    expect(await prisma().pacerFee.count()).toBe(0);
    // Nothing held by an error page PACER did not bill: the court's next answer is bought as usual, once.
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    const after = await queryCase("cadc", "22-8513");
    expect(after.status, after.text).toBe(200);
    expect(await prisma().pacerFee.count()).toBe(1);
    // The session ends and the password is refused: CaseSummary answers its login page, no new login is had.
    await prisma().$executeRawUnsafe("DELETE FROM cases WHERE court_code = 'cadc'");
    env.pacer.expireSessions();
    env.configure({ PACER_PASSWORD: "wrong" });
    await uncharged("bad password");
    expect(env.pacer.bills.slice(billsBefore)).toHaveLength(1);
    expect(await prisma().pacerFee.count()).toBe(1);
  });

  // The header moved since the stored reading (here: the name the cache holds is not the court's), so a reading
  // without parties is followed by one with them; the fee budget is spent by the first.
  it("a reading bought without parties is kept when the budget is spent before the one with parties: its entries are stored, the parties asked next time", async () => {
    env.pacer.hostAppellate("pacer/appellate/cadc_1.html", { court: "cadc" });
    env.pacer.advanceTo("2022-09-10");
    const first = await queryCase("cadc", "22-8513");
    expect(first.status, first.text).toBe(200);
    const name = first.body.case!.case_name;
    await prisma().$executeRawUnsafe(`UPDATE cases SET case_name = 'In re: Case' WHERE court_code = 'cadc'`);
    env.pacer.advanceTo(null);
    await makeDue("cadc");
    // Room for one more report: the next one (billed one page) spends the day's budget.
    const spent = (await prisma().pacerFee.aggregate({ _sum: { costCents: true } }))._sum.costCents!;
    env.configure({ PACER_DAILY_BUDGET_USD: ((spent + 5) / 100).toFixed(2) });
    const court = findCourt("cadc")!;
    const run = await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: new Date() });
    expect(requests().map((request) => request.params.incPtyAty)).toEqual(["Y", "N"]);
    expect(run).toMatchObject({ refreshed: 1, newEntries: 2 });
    const fees = await prisma().pacerFee.findMany({ orderBy: { id: "asc" } });
    expect(fees.map((fee) => [fee.kind, fee.estimated])).toEqual([["docket_full", false], ["docket_since", false]]);
    const again = await queryCase("cadc", "22-8513", { last_checked: first.body.meta.queried_at });
    expect(descriptions(again)).toHaveLength(2);
    // The header is the one last read with the parties until they are read with it.
    expect(again.body.case!.case_name).toBe("In re: Case");
    env.configure({ PACER_DAILY_BUDGET_USD: undefined });
    await makeDue("cadc");
    expect(await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: new Date() })).toMatchObject({ refreshed: 1, newEntries: 0 });
    expect(requests().map((request) => request.params.incPtyAty)).toEqual(["Y", "N", "N", "Y"]);
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    expect((await queryCase("cadc", "22-8513")).body.case!.case_name).toBe(name);
  });

  // As above, the reading with parties failing otherwise: the court erring (HTTP 500, nothing billed), or not
  // answering (given up before the fetch's deadline, which would drop the bought reading with it: sent, so kept as
  // an estimate, and the case's reports held).
  it.each([
    ["answering 500", { kind: "status" as const, status: 500 }, [["docket_full", false], ["docket_since", false]], false],
    ["not answering", { kind: "hang" as const }, [["docket_full", false], ["docket_since", false], ["docket_parties", true]], true],
  ])("a reading bought without parties is kept when the one with parties fails, the court %s: stored under the cached header, counted refreshed", async (_why, fault, fees, held) => {
    env.pacer.hostAppellate("pacer/appellate/cadc_1.html", { court: "cadc" });
    env.pacer.advanceTo("2022-09-10");
    expect((await queryCase("cadc", "22-8513")).status).toBe(200);
    await prisma().$executeRawUnsafe(`UPDATE cases SET case_name = 'In re: Case' WHERE court_code = 'cadc'`);
    env.pacer.advanceTo(null);
    await makeDue("cadc");
    env.configure({ SOURCE_TIMEOUT_MS: "4000" });
    try {
      env.server.fail({ match: /CaseSummary.*incPtyAty=Y/, ...fault });
      const court = findCourt("cadc")!;
      const run = await refreshCases({ prisma: prisma(), court, caseIds: ["22-8513"], now: new Date() });
      expect(run).toMatchObject({ refreshed: 1, newEntries: 2, unavailable: 0 });
      const rows = await prisma().pacerFee.findMany({ orderBy: { id: "asc" } });
      expect(rows.map((fee) => [fee.kind, fee.estimated])).toEqual(fees);
      const stored = await prisma().case.findFirst({ where: { courtCode: "cadc" }, select: { caseName: true, _count: { select: { parties: true } } } });
      expect(stored).toMatchObject({ caseName: "In re: Case" });
      expect(stored!._count.parties).toBeGreaterThan(0);
      const pacerCase = await prisma().pacerCase.findFirst({ where: { courtCode: "cadc" } });
      expect(pacerCase!.reportFailures > 0).toBe(held);
    } finally {
      env.server.clearFaults();
      env.configure({ SOURCE_TIMEOUT_MS: undefined });
    }
  });

  it("a case no refresh kept current, queried by two agents at once, is read again once", async () => {
    env.pacer.hostAppellate("pacer/appellate/cadc_1.html", { court: "cadc" });
    expect((await queryCase("cadc", "22-8513")).status).toBe(200);
    // Last queried 31 days ago (no longer tracked), last read 3 days ago: read again when queried.
    await prisma().$executeRawUnsafe(`UPDATE cases SET last_queried_at = now() - interval '31 days' WHERE court_code = 'cadc'`);
    await makeDue("cadc");
    await prisma().$executeRawUnsafe(`UPDATE cases SET last_refreshed_at = last_refreshed_at - interval '1 day', read_from = read_from - interval '3 days' WHERE court_code = 'cadc'`);
    const answers = await Promise.all([queryCase("cadc", "22-8513"), queryCase("cadc", "22-08513")]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect(requests()).toHaveLength(2);
    expect(await prisma().pacerFee.count()).toBe(2);
  });

});

describe.skipIf(HAS_CORPUS)("courts of appeals probe", () => {
  it.skip(NO_CORPUS_MESSAGE, () => undefined);
});
