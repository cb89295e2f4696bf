// PACER as a live source, end to end over real HTTP: the replay server (tests/helpers/replay) speaks
// PACER's protocol from recorded real pages; the production adapter logs in, looks cases up, fetches and
// reads dockets, records fees, and the real cache stores them, on PGlite and PostgreSQL. Payment is the
// one stand-in (tests/http covers x402); everything between the route and the court is production code.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CaseResponse, MonitorResponse } from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { GET as getMonitor } from "@/app/v2/monitor/route";
import { findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { listUnhealthyCourts, UNHEALTHY_AFTER_FAILED_RUNS } from "@/lib/courts/court-health";
import { refreshCases } from "@/lib/refresh/refresh-cases";
import { refreshCourt } from "@/lib/refresh/refresh-court";
import { storeCase } from "@/lib/cases/store-case";
import { fetchFromSource } from "@/lib/sources/fetch-from-source";
import { forgetRefusingCourts } from "@/lib/sources/pacer/ecf-request";
import { forgetPacerCase, lookupPacerCase } from "@/lib/sources/pacer/lookup-pacer-case";
import { budgetState } from "@/lib/sources/pacer/fee-ledger";
import { splitCmEcfNumber } from "@/lib/sources/pacer/split-cmecf-number";
import { pacerSettings } from "@/lib/sources/pacer/pacer-settings";
import { pollCourtFeed } from "@/lib/sources/pacer/poll-court-feed";
import { pollPacerFeeds } from "@/lib/sources/pacer/poll-pacer-feeds";
import { formatFeeSummary, summarizeFees } from "@/lib/sources/pacer/summarize-fees";
import { totpCode } from "@/lib/sources/pacer/totp-code";
import { callRoute } from "../helpers/call-route";
import { corpusText, HAS_CORPUS, NO_CORPUS_MESSAGE } from "../helpers/corpus";
import { startPacerEnvironment, TEST_LOGIN, type PacerEnvironment } from "../helpers/replay/pacer-environment";
import { REPLAY_HTTP_SETTINGS } from "../helpers/replay/replay-server";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

vi.hoisted(() => {
  // The registry computes coverage when first imported: PACER must be configured before that.
  process.env.PACER_USERNAME = "replay-user";
  process.env.PACER_PASSWORD = "correct horse battery staple";
});
vi.mock("@/lib/payments/run-paid", () => ({
  runPaid: async (options: { work: (payer: string) => Promise<unknown> }) => ({
    result: await options.work("0x00000000000000000000000000000000000000aa"),
    payer: "0x00000000000000000000000000000000000000aa",
    headers: {},
  }),
}));

const LAED = "pacer/district/laed_127926.html"; // 58 entries entered over three years
const MAD = "pacer/district/mad_193254.html"; // 30 entries
const NJD = "pacer/district/njd_509180.html"; // 174 kB: above PACER's 30-page cap
/** The fetch's deadline while a court hangs (a billed report waits as long as the fetch does). */
const HANG_DEADLINE_MS = "3000";
const TXED = "pacer/district/txed.html"; // 25 entries, all entered in 2007
// A criminal docket whose #101 has three rows: the plea agreement (2004), its sealed placeholder (no link),
// and a plea agreement entered again on 2005-09-12 under the same number with its own sequence number.
const NCWD = "pacer/district/ncwd_1.html";

const queryCase = (courtCode: string, caseId: string) =>
  // Answers are read as the envelope they are: a case, or an error.
  callRoute<CaseResponse & { error: Record<string, string> }>(getCase, "/v2/case", { query: { case_id: caseId, court_code: courtCode, context: "full" } });

let env: PacerEnvironment;
beforeAll(async () => {
  env = await startPacerEnvironment();
});
afterAll(async () => env?.close());

interface StoredEntry {
  entry_key: string;
  description: string;
  filed_at: Date;
  first_seen_at: Date;
  appeared_at: Date;
}
async function storedEntries(prisma: PrismaClient, courtCode: string, caseId: string): Promise<StoredEntry[]> {
  return prisma.$queryRawUnsafe<StoredEntry[]>(
    `SELECT e.entry_key, e.description, e.filed_at, e.first_seen_at, e.appeared_at FROM docket_entries e
     JOIN cases c ON c.id = e.case_ref WHERE c.court_code = $1 AND c.case_id = $2 ORDER BY e.entry_key`,
    courtCode,
    caseId,
  );
}
const docketRequests = () => env.server.requests(/DktRpt\.pl/);

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("PACER adapter on %s", (_name, target) => {
  const database = databaseForSuite(target, (opened) => useDatabase(opened.db));
  const prisma = () => database().db.prisma;
  let serial = 0;
  /** Hosts a recorded docket under a fresh case number, so tests never share cache rows. */
  const host = (file: string, court: string, extra: { sealed?: boolean; visibleAt?: Date } = {}) => {
    serial += 1;
    const caseId = `2:${target.name === "pglite" ? "21" : "22"}-cv-${String(40000 + serial * 37 + Math.floor(Math.random() * 30)).padStart(5, "0")}`;
    return env.pacer.host(file, { court, caseId, ...extra });
  };
  /**
   * A report left unanswered at the fetch's deadline is recorded when the abandoned request ends, just after the
   * 503: wait until these cases are held before asking again.
   */
  const heldAfterHang = (caseIds: string[]) =>
    expect.poll(() => prisma().pacerCase.count({ where: { caseId: { in: caseIds }, reportFailures: { gt: 0 } } }), { timeout: 5_000 }).toBe(caseIds.length);

  beforeEach(async () => {
    env.server.clearFaults();
    env.pacer.advanceTo(null);
    env.configure({ PACER_TOTP_SECRET: undefined, PACER_PASSWORD: TEST_LOGIN.password, PACER_DAILY_BUDGET_USD: undefined, PACER_MONTHLY_BUDGET_USD: undefined });
    // Each test starts without a session: logins are part of what is tested.
    await prisma().$executeRawUnsafe("DELETE FROM pacer_sessions");
    await prisma().$executeRawUnsafe("DELETE FROM pacer_fees");
  });

  it("serves federal CM/ECF courts from PACER: coverage full, a paid miss reads the whole docket once", async () => {
    expect(findCourt("laed")).toMatchObject({ coverage: "full", case_management_system: "CM/ECF" });
    const hosted = host(LAED, "laed");
    const answer = await queryCase("laed", hosted.caseId);
    expect(answer.status, answer.text).toBe(200);
    const kase = answer.body.case as { docket_history: unknown[]; parties: unknown[]; case_name: string };
    expect(kase.docket_history).toHaveLength(58);
    expect(kase.parties.length).toBeGreaterThan(0);
    // One lookup, one whole-docket report with parties, the date sent so no "large report" page can interpose.
    const [report] = docketRequests().slice(-1);
    expect(report!.method).toBe("POST");
    const fees = await prisma().pacerFee.findMany({ where: { caseId: hosted.caseId } });
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({ courtCode: "laed", kind: "docket_full" });
    expect(fees[0]!.cause).toBe(answer.headers.get("x-request-id"));
    // The ledger matches what PACER billed, page for page.
    const billed = env.pacer.bills.filter((bill) => bill.caseId === hosted.caseId);
    expect(billed).toHaveLength(1);
    expect(fees[0]!.billedPages).toBe(billed[0]!.pages);
    expect(fees[0]!.costCents).toBe(billed[0]!.cents);
    // Cached: the second query pays nothing and asks PACER nothing.
    const before = env.server.log.length;
    expect((await queryCase("laed", hosted.caseId)).status).toBe(200);
    expect(env.server.log.length).toBe(before);
    expect(await prisma().pacerCase.count({ where: { caseId: hosted.caseId } })).toBe(1);
  });

  it("logs in once and shares the token; after the session expires, logs in once more", async () => {
    const a = host(MAD, "mad");
    const b = host(MAD, "mad");
    const loginsBefore = env.pacer.logins.length;
    expect((await queryCase("mad", a.caseId)).status).toBe(200);
    expect((await queryCase("mad", b.caseId)).status).toBe(200);
    expect(env.pacer.logins.slice(loginsBefore)).toEqual([{ loginId: TEST_LOGIN.loginId, result: "ok" }]);
    const stored = await prisma().pacerSession.findUnique({ where: { loginId: TEST_LOGIN.loginId } });
    expect(stored?.token).toMatch(/^[0-9a-f]{128}$/);

    env.pacer.expireSessions();
    const c = host(MAD, "mad");
    expect((await queryCase("mad", c.caseId)).status).toBe(200);
    expect(env.pacer.logins.slice(loginsBefore).map((login) => login.result)).toEqual(["ok", "ok"]);
    // The "please log in" page was answered once, then the same request went through.
    const lookups = env.server.requests(new RegExp(`possible_case_numbers\\.pl\\?${c.caseId}`));
    expect(lookups).toHaveLength(2);
  });

  it("a court that refuses even a fresh session: one new login, then no login per query until the wait is over", async () => {
    const hosted = host(MAD, "mad");
    const other = host(LAED, "laed");
    const loginPage = corpusText("pacer/authentication_samples/please_log_in.html");
    const handle = env.pacer.handle.bind(env.pacer);
    env.pacer.handle = async (request) => (/\/ecf\/mad\/.*DktRpt/.test(request.path) ? { body: loginPage } : handle(request));
    try {
      const loginsBefore = env.pacer.logins.length;
      for (let query = 0; query < 5; query += 1) {
        await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
        expect((await queryCase("mad", hosted.caseId)).status).toBe(503);
      }
      // The first query's session and the fresh one it tried (before: a new login on every query).
      expect(env.pacer.logins.length - loginsBefore).toBe(2);
      // Other courts keep the shared session.
      expect((await queryCase("laed", other.caseId)).status).toBe(200);
      expect(env.pacer.logins.length - loginsBefore).toBe(2);
    } finally {
      env.pacer.handle = handle;
      forgetRefusingCourts();
    }
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    expect((await queryCase("mad", hosted.caseId)).status).toBe(200);
  });

  it("logs in with a one-time code computed from PACER_TOTP_SECRET; without it, says what to set and does not loop", async () => {
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    env.pacer.addAccount({ ...TEST_LOGIN, loginId: "mfa-user", totpSecret: secret });
    env.configure({ PACER_USERNAME: "mfa-user" });
    try {
      const hosted = host(MAD, "mad");
      const refused = await queryCase("mad", hosted.caseId);
      expect(refused.status).toBe(503);
      expect(env.pacer.logins.at(-1)).toEqual({ loginId: "mfa-user", result: "otp_required" });
      const row = await prisma().pacerSession.findUnique({ where: { loginId: "mfa-user" } });
      expect(row?.lastError).toMatch(/set PACER_TOTP_SECRET/);
      expect(row?.blockedUntil?.getTime()).toBeGreaterThan(Date.now());
      // A second query does not try again before the backoff ends.
      const attempts = env.pacer.logins.length;
      await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
      expect((await queryCase("mad", hosted.caseId)).status).toBe(503);
      expect(env.pacer.logins.length).toBe(attempts);

      await prisma().$executeRawUnsafe("DELETE FROM pacer_sessions");
      await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
      env.configure({ PACER_TOTP_SECRET: secret });
      expect(totpCode(secret, new Date())).toMatch(/^\d{6}$/);
      const answer = await queryCase("mad", hosted.caseId);
      expect(answer.status, answer.text).toBe(200);
      expect(env.pacer.logins.at(-1)).toEqual({ loginId: "mfa-user", result: "ok" });
    } finally {
      env.configure({ PACER_USERNAME: TEST_LOGIN.loginId });
    }
  });

  it("a wrong password answers 503 (not charged) and blocks further logins instead of looping", async () => {
    env.configure({ PACER_PASSWORD: "wrong" });
    const hosted = host(MAD, "mad");
    const before = env.pacer.logins.length;
    const answer = await queryCase("mad", hosted.caseId);
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe("source_unavailable");
    expect(answer.body.error.estimated_recovery_at).toBeDefined();
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    await queryCase("mad", hosted.caseId);
    expect(env.pacer.logins.slice(before).map((login) => login.result)).toEqual(["bad_password"]);
    expect(await prisma().pacerFee.count()).toBe(0);
  });

  it.each([503, 429])("an authentication service answering %i is tried again 30 s later, not counted as a refused login", async (status) => {
    const hosted = host(MAD, "mad");
    env.server.fail({ match: /cso-auth/, kind: "status", status });
    const down = await queryCase("mad", hosted.caseId);
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe("source_unavailable");
    const recovery = Date.parse(down.body.error.estimated_recovery_at!);
    expect(recovery - Date.now()).toBeLessThanOrEqual(30_000);
    const session = await prisma().pacerSession.findUnique({ where: { loginId: TEST_LOGIN.loginId } });
    expect(session).toMatchObject({ failures: 0, lastError: expect.stringContaining(`answered ${status}`) });
    expect(session!.blockedUntil!.getTime() - Date.now()).toBeLessThanOrEqual(30_000);

    // The service back and the 30 s past: the next query logs in and answers.
    env.server.clearFaults();
    await prisma().pacerSession.update({ where: { loginId: TEST_LOGIN.loginId }, data: { blockedUntil: new Date(Date.now() - 1_000) } });
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    expect((await queryCase("mad", hosted.caseId)).status).toBe(200);
  });

  it("an authentication service answering 429 with Retry-After 600: no login is tried before then, by any instance, and the 503 says so", async () => {
    const hosted = host(MAD, "mad");
    env.server.rewrite(/cso-auth/, (answer) => ({ status: 429, headers: { ...answer.headers, "retry-after": "600" }, body: Buffer.from("Too Many Requests") }));
    try {
      const down = await queryCase("mad", hosted.caseId);
      expect(down.status).toBe(503);
      expect(down.body.error.code).toBe("source_unavailable");
      expect(Date.parse(down.body.error.estimated_recovery_at!)).toBeGreaterThan(Date.now() + 500_000);
      // Kept in the shared session row: another instance, whose client never saw the 429, waits as well.
      const session = await prisma().pacerSession.findUnique({ where: { loginId: TEST_LOGIN.loginId } });
      expect(session).toMatchObject({ failures: 0 });
      expect(session!.blockedUntil!.getTime()).toBeGreaterThan(Date.now() + 500_000);
    } finally {
      // The client remembering the court's Retry-After and the session row its end: beforeEach starts both anew.
      env.server.clearFaults();
    }
  });

  it("lookup: the exact office among several listed; unknown → 404; sealed → 404 that says sealed; the mapping paid once", async () => {
    const hosted = host(MAD, "mad");
    expect((await queryCase("mad", hosted.caseId)).status).toBe(200);
    // possible_case_numbers.pl listed the same number in another office first, with another id.
    const mapping = await prisma().pacerCase.findUnique({ where: { courtCode_caseId: { courtCode: "mad", caseId: hosted.caseId } } });
    expect(mapping?.pacerCaseId).toBe(hosted.pacerCaseId);

    const unknown = await queryCase("mad", "1:19-cv-99999");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("case_not_found");

    const sealed = host(MAD, "mad", { sealed: true });
    const answer = await queryCase("mad", sealed.caseId);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe("case_not_found");
    expect(answer.body.error.message).toMatch(/sealed/);
    expect(env.pacer.bills.filter((bill) => bill.caseId === sealed.caseId)).toHaveLength(0);
  });

  it("refresh: only entries entered since the last reading, no parties, merged exactly; first_seen kept", async () => {
    const hosted = host(LAED, "laed");
    env.pacer.advanceTo("2009-06-30");
    expect((await queryCase("laed", hosted.caseId)).status).toBe(200);
    const first = await storedEntries(prisma(), "laed", hosted.caseId);
    const partiesBefore = await prisma().party.count({ where: { case: { caseId: hosted.caseId } } });
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(58);

    env.pacer.advanceTo(null);
    const requestsBefore = docketRequests().length;
    const summary = await refreshCases({ prisma: prisma(), court: findCourt("laed")!, caseIds: [hosted.caseId], now: new Date() });
    expect(summary).toMatchObject({ refreshed: 1, unavailable: 0 });
    expect(docketRequests().length).toBe(requestsBefore + 1);
    const incrementalBill = env.pacer.bills.at(-1)!;
    const fee = await prisma().pacerFee.findFirst({ where: { caseId: hosted.caseId }, orderBy: { id: "desc" } });
    expect(fee?.kind).toBe("docket_since");
    expect(fee?.cause).toBe("refresh:laed");

    const after = await storedEntries(prisma(), "laed", hosted.caseId);
    expect(after).toHaveLength(58); // every entry once: the boundary day read again, no duplicates
    const byKey = new Map(after.map((entry) => [entry.entry_key, entry]));
    for (const entry of first) expect(byKey.get(entry.entry_key)?.first_seen_at.getTime()).toBe(entry.first_seen_at.getTime());
    expect(await prisma().party.count({ where: { case: { caseId: hosted.caseId } } })).toBe(partiesBefore);

    // The result equals a whole-docket reading of the same case.
    const whole = host(LAED, "laed");
    expect((await queryCase("laed", whole.caseId)).status).toBe(200);
    const reference = await storedEntries(prisma(), "laed", whole.caseId);
    // The incremental report really was smaller than the whole docket: only rows entered since the boundary day.
    expect(incrementalBill.bytes).toBeLessThan(env.pacer.bills.at(-1)!.bytes);
    const shape = (entries: StoredEntry[]) => entries.map((entry) => [entry.entry_key, entry.description, entry.filed_at.toISOString()]);
    expect(shape(after)).toEqual(shape(reference));
  });

  it("refresh: a filing date the clerk put ahead does not move the reading past entries entered since the last one", async () => {
    const hosted = host(LAED, "laed");
    env.pacer.advanceTo("2009-06-30");
    expect((await queryCase("laed", hosted.caseId)).status).toBe(200);
    const held = await storedEntries(prisma(), "laed", hosted.caseId);
    // That reading was on 2009-06-30 (as the replayed court's calendar has it), and one entry it stored carries
    // a filing date a month after today (a typo).
    await prisma().$executeRawUnsafe(
      `UPDATE cases SET last_refreshed_at = '2009-06-30T22:00:00Z' WHERE court_code = 'laed' AND case_id = $1`,
      hosted.caseId,
    );
    await prisma().$executeRawUnsafe(
      `UPDATE docket_entries SET filed_at = now() + interval '30 days'
       WHERE entry_key = $1 AND case_ref = (SELECT id FROM cases WHERE court_code = 'laed' AND case_id = $2)`,
      held.at(-1)!.entry_key,
      hosted.caseId,
    );

    env.pacer.advanceTo(null);
    expect(await refreshCases({ prisma: prisma(), court: findCourt("laed")!, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 1 });
    expect((await prisma().pacerFee.findFirst({ where: { caseId: hosted.caseId }, orderBy: { id: "desc" } }))?.kind).toMatch(/^docket_(since|parties)$/);
    // Every entry entered after 2009-06-30 was read: the whole docket is held, once.
    expect(await storedEntries(prisma(), "laed", hosted.caseId)).toHaveLength(58);
  });

  it("refresh: a new row under an old number (#101 entered again in 2005, beside the 2004 sealed placeholder) is a new filing, reported once; the placeholder stays", async () => {
    const hosted = host(NCWD, "ncwd");
    env.pacer.advanceTo("2005-09-10");
    const first = await queryCase("ncwd", hosted.caseId);
    expect(first.status).toBe(200);
    const rows101 = async (caseId: string) =>
      (await storedEntries(prisma(), "ncwd", caseId)).filter((entry) => /^num:101(#|$)/.test(entry.entry_key)).map((entry) => entry.description.replace(/ as to Robert Warren[\s\S]*/, "")).sort();
    expect(await rows101(hosted.caseId)).toEqual(["Plea Agreement", "SEALED DOCUMENT"]);

    // The refresh reads the entries entered since the day of the latest filing held (09/08/2005): the boundary
    // days again, #182 and the new #101 row, which shares its number and filing date with the placeholder.
    env.pacer.advanceTo("2005-09-13");
    const summary = await refreshCases({ prisma: prisma(), court: findCourt("ncwd")!, caseIds: [hosted.caseId], now: new Date() });
    expect(summary).toMatchObject({ refreshed: 1, unavailable: 0 });
    // One incremental reading without parties (the judge, printed in the defendant's listing, is the cached one).
    expect((await prisma().pacerFee.findMany({ where: { caseId: hosted.caseId }, orderBy: { id: "asc" } })).map((fee) => fee.kind)).toEqual(["docket_full", "docket_since"]);
    expect(await rows101(hosted.caseId)).toEqual(["PLEA AGREEMENT", "Plea Agreement", "SEALED DOCUMENT"]);

    const since = await callRoute<CaseResponse>(getCase, "/v2/case", {
      query: { case_id: hosted.caseId, court_code: "ncwd", last_checked: first.body.meta.queried_at },
    });
    expect(since.status).toBe(200);
    expect(since.body.delta!.new_filings.map((entry) => `${entry.entry_number} ${entry.description.replace(/ as to Robert Warren[\s\S]*/, "")}`).sort()).toEqual([
      "101 PLEA AGREEMENT",
      "182 RESPONSE to Motion by USA",
    ]);

    // The cache now holds what a whole reading of the docket that day holds.
    const whole = host(NCWD, "ncwd");
    expect((await queryCase("ncwd", whole.caseId)).status).toBe(200);
    const shape = (entries: StoredEntry[]) => entries.map((entry) => [entry.entry_key, entry.description, entry.filed_at.toISOString()]);
    expect(shape(await storedEntries(prisma(), "ncwd", hosted.caseId))).toEqual(shape(await storedEntries(prisma(), "ncwd", whole.caseId)));
  });

  it("refresh: a reading without parties keeps the header they carry (a debtor's name, an adversary's nature of suit, a criminal docket's judge) and pays once", async () => {
    const dockets = [
      { file: "pacer/bankruptcy/akb.html", court: "akb", caseId: `3:${target.name === "pglite" ? "21" : "22"}-bk-${String(10000 + serial)}` },
      { file: "pacer/bankruptcy/deb_2.html", court: "deb", caseId: `1:${target.name === "pglite" ? "21" : "22"}-ap-${String(10000 + serial)}` },
      { file: "pacer/district/azd.html", court: "azd", caseId: `2:${target.name === "pglite" ? "21" : "22"}-cr-${String(10000 + serial)}` },
    ];
    serial += 1;
    for (const { file, court, caseId } of dockets) {
      env.pacer.host(file, { court, caseId });
      const first = await queryCase(court, caseId);
      expect(first.status, `${file}: ${first.text}`).toBe(200);
      const header = (kase: Record<string, unknown>) => ({ name: kase.case_name, judge: kase.assigned_judge, nature: kase.nature_of_proceeding });
      const before = header(first.body.case as unknown as Record<string, unknown>);
      expect(before.name, file).not.toBe(first.body.case.case_number);
      // A refresh the free signals asked for, with nothing new on the docket.
      await prisma().$executeRawUnsafe("UPDATE pacer_cases SET changed_at = now() + interval '1 minute' WHERE court_code = $1 AND case_id = $2", court, caseId);
      const summary = await refreshCases({ prisma: prisma(), court: findCourt(court)!, caseIds: [caseId], now: new Date() });
      expect(summary, file).toMatchObject({ refreshed: 1, unavailable: 0 });
      const kinds = (await prisma().pacerFee.findMany({ where: { caseId }, orderBy: { id: "asc" } })).map((fee) => fee.kind);
      expect(kinds, file).toEqual(["docket_full", "docket_since"]);
      const after = await queryCase(court, caseId);
      expect(header(after.body.case as unknown as Record<string, unknown>), file).toEqual(before);
    }
  });

  it("refresh: a criminal docket's reassignment (its judge printed only in the party listing) is read, by the initials in its number", async () => {
    const caseId = `2:${target.name === "pglite" ? "21" : "22"}-cr-${String(30000 + serial)}`;
    serial += 1;
    env.pacer.host("pacer/district/azd.html", { court: "azd", caseId });
    expect((await queryCase("azd", caseId)).body.case.assigned_judge).toBe("Steven P Logan");
    // The case moves to another judge: CM/ECF prints the new initials in the number and the new name.
    const handle = env.pacer.handle.bind(env.pacer);
    env.pacer.handle = async (request) => {
      const answer = await handle(request);
      if (!answer || !/DktRpt/.test(request.path)) return answer;
      // The served report prints the hosted number (the replay's withPrintedNumber), the recorded initials after it.
      return { ...answer, body: String(answer.body).replaceAll(`${caseId}-SPL`, `${caseId}-DGC`).replaceAll("Steven P Logan", "David G Campbell") };
    };
    try {
      await prisma().$executeRawUnsafe("UPDATE pacer_cases SET changed_at = now() + interval '1 minute' WHERE court_code = 'azd' AND case_id = $1", caseId);
      expect(await refreshCases({ prisma: prisma(), court: findCourt("azd")!, caseIds: [caseId], now: new Date() })).toMatchObject({ refreshed: 1 });
    } finally {
      env.pacer.handle = handle;
    }
    const kinds = (await prisma().pacerFee.findMany({ where: { caseId }, orderBy: { id: "asc" } })).map((fee) => fee.kind);
    expect(kinds).toEqual(["docket_full", "docket_since", "docket_parties"]);
    const after = await queryCase("azd", caseId);
    expect(after.body.case).toMatchObject({ assigned_judge: "David G Campbell", case_number: `${caseId}-DGC-1` });
  });

  // The header moved since the stored reading (here: the judge the cache holds is not the court's), so the reading
  // without parties is followed by one with them, which cannot be had: the budget is spent by the first, the
  // court answers 500, or a billed page that is not a docket (which holds the case). A bankruptcy case's name (its
  // debtor's) is printed only with the parties.
  it("refresh: a reading bought without parties is kept when the one with parties cannot be had (budget spent, court erring, case held): its entries are stored, the parties asked next time", async () => {
    const kinds = async (court: string, caseId: string) => (await prisma().pacerFee.findMany({ where: { courtCode: court, caseId }, orderBy: { id: "asc" } })).map((fee) => fee.kind);
    const makeDue = (court: string, caseId: string) =>
      prisma().$executeRawUnsafe("UPDATE pacer_cases SET changed_at = now() + interval '1 minute' WHERE court_code = $1 AND case_id = $2", court, caseId);
    const handle = env.pacer.handle.bind(env.pacer);
    const bankruptcy = `3:${target.name === "pglite" ? "21" : "22"}-bk-${String(20000 + serial)}`;
    const readings = [
      { failure: "budget", ...host(LAED, "laed"), court: "laed", day: "2009-06-30" },
      { failure: "500", ...host(LAED, "laed"), court: "laed", day: "2009-06-30" },
      { failure: "held", ...host(LAED, "laed"), court: "laed", day: "2009-06-30" },
      { failure: "hang", ...host(LAED, "laed"), court: "laed", day: "2009-06-30" },
      { failure: "budget", ...env.pacer.host("pacer/bankruptcy/akb.html", { court: "akb", caseId: bankruptcy }), court: "akb", day: null },
    ] as const;
    for (const { failure, caseId, court, day } of readings) {
      const label = `${court} ${failure}`;
      let endRun = () => {};
      const runOver = new Promise<void>((resolve) => (endRun = resolve));
      env.pacer.advanceTo(day);
      const first = await queryCase(court, caseId);
      expect(first.status, first.text).toBe(200);
      const header = (kase: CaseResponse["case"]) => ({ name: kase.case_name, number: kase.case_number, nature: kase.nature_of_proceeding, status: kase.status });
      const stored = (await storedEntries(prisma(), court, caseId)).length;
      const whole = court === "laed" ? 58 : stored;
      const parties = await prisma().party.count({ where: { case: { courtCode: court, caseId } } });
      expect(parties, label).toBeGreaterThan(0);
      await prisma().$executeRawUnsafe("UPDATE cases SET assigned_judge = 'Judge Moved' WHERE court_code = $1 AND case_id = $2", court, caseId);
      env.pacer.advanceTo(null);
      await makeDue(court, caseId);
      if (failure === "budget") {
        // Room for one more report: the next one spends the day's budget.
        // (What the budget counts: billed fees, not the estimates unanswered reports left.)
        const spent = (await prisma().pacerFee.aggregate({ where: { estimated: false }, _sum: { costCents: true } }))._sum.costCents!;
        env.configure({ PACER_DAILY_BUDGET_USD: ((spent + 5) / 100).toFixed(2) });
      } else if (failure === "hang") {
        // The court does not answer the reading with parties within the fetch's time: it is given up before the
        // fetch's deadline (which would drop the bought reading with it), kept as an estimate, the case held.
        env.configure({ SOURCE_TIMEOUT_MS: "4000" });
        env.pacer.handle = async (request) => {
          // Answered (and logged by the replay server) once the run is over, within this test: left to answer 6 s
          // later, it was counted among the reports of whichever test ran then.
          if (/DktRpt/.test(request.path) && (await request.form()).list_of_parties_and_counsel) await Promise.race([runOver, new Promise((resolve) => setTimeout(resolve, 6_000))]);
          return handle(request);
        };
      } else {
        // The real flsd "administratively closed" page, billed one page.
        const answer = failure === "500" ? { status: 500, body: "Internal Server Error" } : { body: corpusText("pacer/not_dockets/flsd_516827.html") };
        env.pacer.handle = async (request) => (/DktRpt/.test(request.path) && (await request.form()).list_of_parties_and_counsel ? answer : handle(request));
      }
      const run = await refreshCases({ prisma: prisma(), court: findCourt(court)!, caseIds: [caseId], now: new Date() }).finally(() => {
        endRun();
        env.pacer.handle = handle;
        env.configure({ PACER_DAILY_BUDGET_USD: undefined, SOURCE_TIMEOUT_MS: undefined });
      });
      // Before: refreshed 0, the run recording the budget spent or the court unavailable, the entries not stored.
      expect(run, label).toMatchObject({ refreshed: 1, unavailable: 0, newEntries: whole - stored });
      // The first reading billed; the second, refused by the budget or answered 500, billed nothing.
      const second = failure === "held" || failure === "hang" ? ["docket_parties"] : [];
      expect(await kinds(court, caseId), label).toEqual(["docket_full", "docket_since", ...second]);
      expect(await storedEntries(prisma(), court, caseId), label).toHaveLength(whole);
      expect(await prisma().party.count({ where: { case: { courtCode: court, caseId } } }), label).toBe(parties);
      // Served under the header last read with the parties (the debtor's name, not the number), until they are read with it.
      const since = await callRoute<CaseResponse>(getCase, "/v2/case", { query: { case_id: caseId, court_code: court, last_checked: first.body.meta.queried_at } });
      expect(since.status, label).toBe(200);
      expect(since.body.case.assigned_judge, label).toBe("Judge Moved");
      expect(header(since.body.case), label).toEqual(header(first.body.case));
      expect(since.body.delta!.new_filings, label).toHaveLength(whole - stored);

      if (failure === "held" || failure === "hang") {
        expect((await prisma().pacerCase.findUniqueOrThrow({ where: { courtCode_caseId: { courtCode: court, caseId } } })).reportFailures, label).toBe(1);
        await endHold(caseId);
      }
      await makeDue(court, caseId);
      expect(await refreshCases({ prisma: prisma(), court: findCourt(court)!, caseIds: [caseId], now: new Date() }), label).toMatchObject({ refreshed: 1, newEntries: 0 });
      expect(await kinds(court, caseId), label).toEqual(["docket_full", "docket_since", ...second, "docket_since", "docket_parties"]);
      const after = (await queryCase(court, caseId)).body.case;
      expect(after.assigned_judge, label).toBe(first.body.case.assigned_judge);
      expect(header(after), label).toEqual(header(first.body.case));
    }
  });

  it("refresh: a reading without parties whose header moved is not kept when the same id's reading with parties prints another case: the id, and so that reading, are in doubt", async () => {
    const hosted = host(LAED, "laed");
    env.pacer.advanceTo("2009-06-30");
    expect((await queryCase("laed", hosted.caseId)).status).toBe(200);
    const stored = (await storedEntries(prisma(), "laed", hosted.caseId)).length;
    await prisma().$executeRawUnsafe("UPDATE cases SET case_name = 'In re: Case' WHERE court_code = 'laed' AND case_id = $1", hosted.caseId);
    env.pacer.advanceTo(null);
    await prisma().$executeRawUnsafe("UPDATE pacer_cases SET changed_at = now() + interval '1 minute' WHERE court_code = 'laed' AND case_id = $1", hosted.caseId);
    const handle = env.pacer.handle.bind(env.pacer);
    env.pacer.handle = async (request) => {
      const answer = await handle(request);
      if (!answer || !/DktRpt/.test(request.path) || !(await request.form()).list_of_parties_and_counsel) return answer;
      return { ...answer, body: String(answer.body).replaceAll(hosted.caseId, "2:19-cv-11111") };
    };
    const run = await refreshCases({ prisma: prisma(), court: findCourt("laed")!, caseIds: [hosted.caseId], now: new Date() }).finally(() => {
      env.pacer.handle = handle;
    });
    expect(run).toMatchObject({ refreshed: 0, unavailable: 1, newEntries: 0 });
    // Both pages were served and billed; nothing of either is stored, and the id is looked up again.
    expect((await prisma().pacerFee.findMany({ where: { caseId: hosted.caseId }, orderBy: { id: "asc" } })).map((fee) => fee.kind)).toEqual(["docket_full", "docket_since", "docket_parties"]);
    expect(await storedEntries(prisma(), "laed", hosted.caseId)).toHaveLength(stored);
    expect(await prisma().pacerCase.findUniqueOrThrow({ where: { courtCode_caseId: { courtCode: "laed", caseId: hosted.caseId } } })).toMatchObject({ mappingRefusedAt: expect.any(Date), reportFailures: 1 });
  });

  it("refresh: a reading without parties whose heading names another case (this number printed only below it) is not kept when the reading with parties fails", async () => {
    const hosted = host(LAED, "laed");
    env.pacer.advanceTo("2009-06-30");
    expect((await queryCase("laed", hosted.caseId)).status).toBe(200);
    const stored = (await storedEntries(prisma(), "laed", hosted.caseId)).length;
    env.pacer.advanceTo(null);
    await prisma().$executeRawUnsafe("UPDATE pacer_cases SET changed_at = now() + interval '1 minute' WHERE court_code = 'laed' AND case_id = $1", hosted.caseId);
    const handle = env.pacer.handle.bind(env.pacer);
    env.pacer.handle = async (request) => {
      if (!/DktRpt/.test(request.path)) return handle(request);
      const form = await request.form();
      if (form.list_of_parties_and_counsel) return { status: 500, body: "Internal Server Error" };
      const answer = await handle(request);
      if (!answer || form.date_range_type !== "Entered") return answer;
      // Another case's docket that names this one in a block below its heading passes the fetcher's check.
      const body = String(answer.body).replaceAll(hosted.caseId, "2:19-cv-11111");
      return { ...answer, body: body.replace(/<\/body>/i, `<p>Member Case #: ${hosted.caseId}</p></body>`) };
    };
    const run = await refreshCases({ prisma: prisma(), court: findCourt("laed")!, caseIds: [hosted.caseId], now: new Date() }).finally(() => {
      env.pacer.handle = handle;
    });
    // Before: kept (refreshed 1), another case's entries stored as this one's.
    expect(run).toMatchObject({ refreshed: 0, unavailable: 1, newEntries: 0 });
    expect(await storedEntries(prisma(), "laed", hosted.caseId)).toHaveLength(stored);
  });

  it("the 30-page cap: a long docket costs $3.00 at most; the operator summary shows spend per day, court and paid query", async () => {
    const hosted = host(NJD, "njd");
    const answer = await queryCase("njd", hosted.caseId);
    expect(answer.status).toBe(200);
    const fee = await prisma().pacerFee.findFirst({ where: { caseId: hosted.caseId } });
    expect(fee).toMatchObject({ billedPages: 30, costCents: 300 });
    expect(fee!.bytes).toBeGreaterThan(30 * 4320);

    const summary = await summarizeFees(prisma(), new Date(Date.now() - 86_400_000), new Date(Date.now() + 60_000));
    expect(summary.totalCents).toBe(300);
    expect(summary.byCourt).toEqual([{ courtCode: "njd", cents: 300, requests: 1 }]);
    expect(summary.byQuery).toEqual([{ requestId: answer.headers.get("x-request-id"), courtCode: "njd", caseId: hosted.caseId, cents: 300 }]);
    expect(formatFeeSummary(summary)).toMatch(/\$3\.00 in 1 billed requests/);
  });

  it("a spent fee budget stops fetches with 503 'fee budget reached'; cached cases still answer; /v2/status names the courts", async () => {
    const cached = host(MAD, "mad");
    expect((await queryCase("mad", cached.caseId)).status).toBe(200);
    env.configure({ PACER_DAILY_BUDGET_USD: "0.10" });
    const fresh = host(MAD, "mad");
    const requests = env.server.log.length;
    const answer = await queryCase("mad", fresh.caseId);
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe("source_unavailable");
    expect(answer.body.error.message).toMatch(/fee budget reached/);
    expect(env.server.log.length).toBe(requests); // PACER was not asked
    expect((await queryCase("mad", cached.caseId)).status).toBe(200);

    const { GET: getStatus } = await import("@/app/v2/status/route");
    const status = await callRoute(getStatus, "/v2/status");
    expect(status.body.operational_status).toBe("degraded");
    const mad = status.body.courts.find((court: { court_code: string }) => court.court_code === "mad");
    expect(mad.notes).toMatch(/^PACER fee budget \(daily\) reached until \S+: cases not cached yet answer 503/);
    const { GET: getStatusPage } = await import("@/app/route");
    expect((await callRoute(getStatusPage, "/")).text).toMatch(/data-testid="fee-budget">PACER fee budget \(daily\) reached until [\d-]+ [\d:]+ UTC/);
    const refresh = await refreshCases({ prisma: prisma(), court: findCourt("mad")!, caseIds: [fresh.caseId], now: new Date() });
    expect(refresh.budgetSpent).toBe(true);
    env.configure({ PACER_DAILY_BUDGET_USD: undefined });
  });

  it("a refresh run the spent fee budget stopped leaves /v2/monitor unable to say 'no change' for the cases it did not check, until one is answered", async () => {
    const first = host(MAD, "mad");
    const second = host(MAD, "mad");
    const checked = await queryCase("mad", first.caseId);
    expect((await queryCase("mad", second.caseId)).status).toBe(200);
    const monitor = (caseId: string) =>
      callRoute<MonitorResponse | { error: { code: string; message: string } }>(getMonitor, "/v2/monitor", { query: { case_id: caseId, court_code: "mad", last_checked: checked.body.meta.queried_at } });
    expect((await monitor(first.caseId)).body).toMatchObject({ changed: false });
    env.configure({ PACER_DAILY_BUDGET_USD: "0.10" });
    try {
      const refresh = await refreshCases({ prisma: prisma(), court: findCourt("mad")!, caseIds: [first.caseId, second.caseId], now: new Date(), concurrency: 1 });
      expect(refresh).toMatchObject({ budgetSpent: true, refreshed: 0 });
      // Before: 200 changed false (charged) for both, though neither was checked against the court.
      // The budget is spent now, so when it resets is when they can be checked: said, as a case not cached says it.
      const { resetsAt } = (await budgetState(prisma(), pacerSettings()!, new Date())) as { resetsAt: Date };
      for (const caseId of [first.caseId, second.caseId]) {
        const answer = await monitor(caseId);
        expect(answer.status).toBe(503);
        // Before: no estimated_recovery_at, "Retry in 3600 seconds", and "did not answer ..., or ... the fee budget".
        expect(answer.body).toMatchObject({
          error: { code: "source_unavailable", estimated_recovery_at: resetsAt.toISOString(), message: expect.stringContaining(`PACER fee budget (daily) is reached until ${resetsAt.toISOString()}`) },
        });
        expect((answer.body as { error: { message: string } }).error.message).not.toMatch(/\bor\b/);
        const retryAfter = Number(answer.headers.get("retry-after"));
        expect(Math.abs(retryAfter - (resetsAt.getTime() - Date.now()) / 1000)).toBeLessThan(30);
      }
    } finally {
      env.configure({ PACER_DAILY_BUDGET_USD: undefined });
    }
    // With the budget back, an answered refresh makes "no change" true again.
    const answered = await refreshCases({ prisma: prisma(), court: findCourt("mad")!, caseIds: [first.caseId], now: new Date() });
    expect(answered.budgetSpent).toBeFalsy();
    expect(answered.unavailable).toBe(0);
    expect((await monitor(first.caseId)).status).toBe(200);
  });

  it("concurrent fetches cannot all spend the budget: each docket report's fee is reserved before it is asked for", async () => {
    env.configure({ PACER_DAILY_BUDGET_USD: "0.30" });
    const cases = Array.from({ length: 8 }, () => host(NJD, "njd"));
    const billsBefore = env.pacer.billedCents();
    const { POST: postBatch } = await import("@/app/v2/cases/batch/route");
    const batch = await callRoute<{ results: Array<{ status: string; error?: { message: string } }> }>(postBatch, "/v2/cases/batch", {
      method: "POST",
      body: { queries: cases.map((hosted) => ({ case_id: hosted.caseId, court_code: "njd" })) },
    });
    expect(batch.status).toBe(200);
    const answered = batch.body.results.filter((result) => result.status === "success");
    const refused = batch.body.results.filter((result) => result.status === "error");
    // One report fits under $0.30 (it may cost up to $3.00: the budget is checked before, not after); the
    // others find it spent. Before: all eight were bought, $24.00 for a $0.30 budget.
    expect(answered).toHaveLength(1);
    expect(refused).toHaveLength(7);
    for (const result of refused) expect(result.error?.message).toMatch(/fee budget reached/);
    expect(env.pacer.billedCents() - billsBefore).toBeLessThanOrEqual(300);
    // The ledger holds what PACER billed, and no reservation is left behind.
    const fees = await prisma().pacerFee.findMany({ where: { courtCode: "njd" } });
    expect(fees.map((fee) => fee.estimated)).toEqual([false]);
    expect(fees[0]!.costCents).toBe(env.pacer.billedCents() - billsBefore);
    env.configure({ PACER_DAILY_BUDGET_USD: undefined });
  });

  it("a court that answers 500 or nothing: 503 with a reason; a 500 is not billed, an unanswered report is counted at the cap and waits; the court's runs fail", async () => {
    const hosted = host(MAD, "mad");
    env.server.fail({ match: /DktRpt\.pl/, kind: "status", status: 500 });
    const down = await queryCase("mad", hosted.caseId);
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe("source_unavailable");
    expect(await prisma().pacerFee.count({ where: { caseId: hosted.caseId } })).toBe(0);

    env.server.clearFaults();
    env.server.fail({ match: /DktRpt\.pl/, kind: "hang" });
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    const reportsBefore = docketRequests().length;
    // A billed report waits as long as the fetch: a short deadline keeps the hang short.
    env.configure({ SOURCE_TIMEOUT_MS: HANG_DEADLINE_MS });
    const slow = await queryCase("mad", hosted.caseId);
    env.configure({ SOURCE_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.SOURCE_TIMEOUT_MS });
    expect(slow.status).toBe(503);
    await heldAfterHang([hosted.caseId]);
    // A report that timed out may have been billed: it is not asked again within the query, the ledger
    // counts it at PACER's cap (an estimate: no receipt came), and the case's next report waits.
    expect(docketRequests().length).toBe(reportsBefore + 1);
    expect(await prisma().pacerFee.findMany({ where: { caseId: hosted.caseId }, select: { kind: true, costCents: true, estimated: true } })).toEqual([
      { kind: "docket_full", costCents: 300, estimated: true },
    ]);
    env.server.clearFaults();
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    const held = await queryCase("mad", hosted.caseId);
    expect(held.status).toBe(503);
    const recovery = Date.parse(held.body.error.estimated_recovery_at!);
    expect(recovery - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(recovery - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(docketRequests().length).toBe(reportsBefore + 1);
    // Once the wait is over the report is asked again; an answer ends the wait.
    await prisma().$executeRawUnsafe("UPDATE pacer_cases SET report_failed_at = report_failed_at - interval '16 minutes' WHERE case_id = $1", hosted.caseId);
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    expect((await queryCase("mad", hosted.caseId)).status).toBe(200);
    expect(await prisma().pacerCase.findFirst({ where: { caseId: hosted.caseId }, select: { reportFailures: true, reportFailedAt: true } })).toEqual({ reportFailures: 0, reportFailedAt: null });

    // Refresh runs against a court that answers only errors: after three, the court is unhealthy and
    // /v2/status degraded, as for any source; nothing is billed.
    env.server.fail({ match: /\/ecf\/mad\//, kind: "status", status: 500 });
    const billsBefore = env.pacer.bills.length;
    for (let run = 0; run < UNHEALTHY_AFTER_FAILED_RUNS; run += 1) {
      const summary = await refreshCourt({ prisma: prisma(), courtCode: "mad", now: new Date() });
      expect(summary.unavailable).toBeGreaterThan(0);
      expect(summary.refreshed).toBe(0);
    }
    expect((await listUnhealthyCourts(prisma())).map((court) => court.courtCode)).toContain("mad");
    expect(env.pacer.bills.length).toBe(billsBefore);
    env.server.clearFaults();
    await refreshCourt({ prisma: prisma(), courtCode: "mad", now: new Date() });
    expect((await listUnhealthyCourts(prisma())).map((court) => court.courtCode)).not.toContain("mad");
  });

  it("a docket report whose connection is lost after it went out: not sent again (it may have been billed), counted at the cap, and waits", async () => {
    const hosted = host(MAD, "mad");
    env.server.fail({ match: /DktRpt\.pl/, kind: "drop", times: 1 });
    try {
      const reportsBefore = docketRequests().length;
      const dropped = await queryCase("mad", hosted.caseId);
      expect(dropped.status).toBe(503);
      expect(dropped.body.error.code).toBe("source_unavailable");
      // The first answer already says when the case is asked again (the hold this report put on); before, "retry
      // in 60 seconds", to be told the hold then.
      const recoveryMs = Date.parse(dropped.body.error.estimated_recovery_at!) - Date.now();
      expect(recoveryMs).toBeGreaterThan(14 * 60_000);
      expect(recoveryMs).toBeLessThanOrEqual(15 * 60_000);
      // Before: sent again at once (up to three times, each maybe billed), nothing in the ledger, no wait.
      expect(docketRequests().length).toBe(reportsBefore + 1);
      expect(await prisma().pacerFee.findMany({ where: { caseId: hosted.caseId }, select: { kind: true, costCents: true, estimated: true } })).toEqual([
        { kind: "docket_full", costCents: 300, estimated: true },
      ]);
      await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
      const held = await queryCase("mad", hosted.caseId);
      expect(held.status).toBe(503);
      expect(Date.parse(held.body.error.estimated_recovery_at!) - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(docketRequests().length).toBe(reportsBefore + 1);

      // A gateway's 504 for the court: the court behind it may have the report (and bill it). Before: sent three
      // times, nothing in the ledger.
      const gated = host(MAD, "mad");
      env.server.fail({ match: /DktRpt\.pl/, kind: "status", status: 504 });
      const gatewayBefore = docketRequests().length;
      const gatewayed = await queryCase("mad", gated.caseId);
      expect(gatewayed.status).toBe(503);
      expect(Date.parse(gatewayed.body.error.estimated_recovery_at!) - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(docketRequests().length).toBe(gatewayBefore + 1);
      expect(await prisma().pacerFee.findMany({ where: { caseId: gated.caseId }, select: { kind: true, costCents: true, estimated: true } })).toEqual([
        { kind: "docket_full", costCents: 300, estimated: true },
      ]);
    } finally {
      env.server.clearFaults();
    }
  });

  it("a docket report slower than the fetch's deadline: counted at the cap, and not bought again on every query; the wait doubles", async () => {
    const hosted = host(NJD, "njd");
    // The report hangs past the whole fetch's deadline (each attempt may wait longer): the fetch gives up.
    env.configure({ SOURCE_TIMEOUT_MS: "1000", COURT_HTTP_TIMEOUT_MS: "5000" });
    env.server.fail({ match: /DktRpt\.pl/, kind: "hang" });
    try {
      const reportsBefore = docketRequests().length;
      const first = await queryCase("njd", hosted.caseId);
      expect(first.status).toBe(503);
      // The ledger row is written when the abandoned request ends, after the answer.
      await expect.poll(() => prisma().pacerFee.count({ where: { caseId: hosted.caseId, estimated: true, inFlight: false } }), { timeout: 5_000 }).toBe(1);
      await heldAfterHang([hosted.caseId]);
      for (let query = 0; query < 3; query += 1) {
        await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
        expect((await queryCase("njd", hosted.caseId)).status).toBe(503);
      }
      expect(docketRequests().length).toBe(reportsBefore + 1);
      // After the wait, one more report that goes unanswered: the next wait is twice as long.
      await prisma().$executeRawUnsafe("UPDATE pacer_cases SET report_failed_at = report_failed_at - interval '16 minutes' WHERE case_id = $1", hosted.caseId);
      await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
      expect((await queryCase("njd", hosted.caseId)).status).toBe(503);
      await expect.poll(() => prisma().pacerFee.count({ where: { caseId: hosted.caseId, estimated: true, inFlight: false } }), { timeout: 5_000 }).toBe(2);
      await expect.poll(async () => (await prisma().pacerCase.findFirst({ where: { caseId: hosted.caseId } }))?.reportFailures, { timeout: 5_000 }).toBe(2);
      await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
      const held = await queryCase("njd", hosted.caseId);
      expect(held.status).toBe(503);
      expect(Date.parse(held.body.error.estimated_recovery_at!) - Date.now()).toBeGreaterThan(29 * 60_000);
      expect(docketRequests().length).toBe(reportsBefore + 2);
      // The operator's summary says which part of the spend is estimated.
      const summary = await summarizeFees(prisma(), new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000));
      expect(summary).toMatchObject({ estimatedCents: 600, estimatedRequests: 2 });
      expect(formatFeeSummary(summary)).toMatch(/of which estimated: \$6\.00 for 2 reports left unanswered/);
      // The estimates are not spent budget (they may not have been billed, and a court that hangs must not
      // spend it for every court): with $6.00 of them, a $5.00 daily budget still lets another case be bought.
      env.server.clearFaults();
      env.configure({ SOURCE_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.SOURCE_TIMEOUT_MS, PACER_DAILY_BUDGET_USD: "5.00" });
      const other = host(MAD, "mad");
      expect((await queryCase("mad", other.caseId)).status).toBe(200);
    } finally {
      env.configure({ SOURCE_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.SOURCE_TIMEOUT_MS, COURT_HTTP_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.COURT_HTTP_TIMEOUT_MS, PACER_DAILY_BUDGET_USD: undefined });
    }
  });

  it("a docket report slower than one attempt's time-out but within the fetch's deadline is waited for: answered, billed once, nothing estimated", async () => {
    const hosted = host(MAD, "mad");
    // Before: the report gave up at COURT_HTTP_TIMEOUT_MS (it is asked once), counted at the cap and held the case,
    // though the fetch would have waited; raising SOURCE_TIMEOUT_MS alone did not serve such a docket.
    env.configure({ SOURCE_TIMEOUT_MS: "8000", COURT_HTTP_TIMEOUT_MS: "1000" });
    env.server.fail({ match: /DktRpt\.pl/, kind: "slow", delayMs: 2500, times: 1 });
    try {
      const reportsBefore = docketRequests().length;
      const answer = await queryCase("mad", hosted.caseId);
      expect(answer.status).toBe(200);
      expect(docketRequests().length).toBe(reportsBefore + 1);
      const fees = await prisma().pacerFee.findMany({ where: { caseId: hosted.caseId, kind: "docket_full" }, select: { estimated: true, costCents: true } });
      expect(fees).toHaveLength(1);
      expect(fees[0]!.estimated).toBe(false);
      expect(fees[0]!.costCents).toBe(env.pacer.bills.filter((bill) => bill.caseId === hosted.caseId).reduce((sum, bill) => sum + bill.cents, 0));
    } finally {
      env.server.clearFaults();
      env.configure({ SOURCE_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.SOURCE_TIMEOUT_MS, COURT_HTTP_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.COURT_HTTP_TIMEOUT_MS });
    }
  });

  it("tracked cases whose reports went unanswered: their refreshes fail at once while they wait (the court is seen failing); when the court answers again, the holds its hang left end", async () => {
    const court = findCourt("mad")!;
    const cases = [host(MAD, "mad"), host(MAD, "mad")];
    for (const hosted of cases) expect((await queryCase("mad", hosted.caseId)).status).toBe(200);
    const ids = cases.map((hosted) => hosted.caseId);
    const markChanged = () =>
      prisma().$executeRawUnsafe("UPDATE pacer_cases SET changed_at = now() + interval '1 minute', changed_seen_at = now() + interval '1 minute' WHERE case_id = ANY($1::text[])", ids);
    await markChanged();
    // The court hangs: both reports of the run go unanswered.
    env.server.fail({ match: /DktRpt\.pl/, kind: "hang" });
    env.configure({ SOURCE_TIMEOUT_MS: HANG_DEADLINE_MS });
    try {
      expect(await refreshCases({ prisma: prisma(), court, caseIds: ids, now: new Date() })).toMatchObject({ attempted: 2, unavailable: 2 });
      await heldAfterHang(ids);
    } finally {
      env.server.clearFaults();
      env.configure({ SOURCE_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.SOURCE_TIMEOUT_MS });
    }
    const reports = docketRequests().length;
    for (let run = 0; run < 2; run += 1) {
      expect(await refreshCases({ prisma: prisma(), court, caseIds: ids, now: new Date() })).toMatchObject({ attempted: 2, unavailable: 2, refreshed: 0 });
    }
    expect(docketRequests().length).toBe(reports);
    // The court answers again (a new case is read): the holds of its hang end, and the next run reads both.
    expect((await queryCase("mad", host(MAD, "mad").caseId)).status).toBe(200);
    expect(await refreshCases({ prisma: prisma(), court, caseIds: ids, now: new Date() })).toMatchObject({ attempted: 2, refreshed: 2 });

    // Two dockets that keep failing together are not released for ever (each release would buy them again):
    // after three releases they only wait.
    await prisma().$executeRawUnsafe(
      "UPDATE pacer_cases SET report_failures = 4, report_failed_at = now(), report_failure = 'unanswered docket_since' WHERE case_id = ANY($1::text[])",
      ids,
    );
    expect((await queryCase("mad", host(MAD, "mad").caseId)).status).toBe(200);
    expect(await prisma().pacerCase.count({ where: { caseId: { in: ids }, reportFailedAt: { not: null } } })).toBe(2);
  });

  it("one docket too slow for the deadline stays held when other reports of its court are answered", async () => {
    const slow = host(MAD, "mad");
    env.server.fail({ match: /DktRpt\.pl/, kind: "hang", times: 1 });
    env.configure({ SOURCE_TIMEOUT_MS: HANG_DEADLINE_MS });
    expect((await queryCase("mad", slow.caseId)).status).toBe(503);
    env.configure({ SOURCE_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.SOURCE_TIMEOUT_MS });
    await heldAfterHang([slow.caseId]);
    env.server.clearFaults();
    expect((await queryCase("mad", host(MAD, "mad").caseId)).status).toBe(200);
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    const reports = docketRequests().length;
    expect((await queryCase("mad", slow.caseId)).status).toBe(503);
    expect(docketRequests().length).toBe(reports);
  });

  it("a district docket of another case (its heading prints another number) is not stored or charged as the case asked for, and is not bought again at once", async () => {
    const hosted = host(MAD, "mad");
    // CM/ECF answers this case's internal id with another case's report (a lookup that named the wrong id).
    hosted.printedAs = "1:19-cv-11111";
    const reportsBefore = docketRequests().length;
    const answer = await queryCase("mad", hosted.caseId);
    // Before: 200, the other case's parties and entries answered (and charged) as this case's, and cached.
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe("source_unavailable");
    expect(await prisma().case.count({ where: { courtCode: "mad", caseId: hosted.caseId } })).toBe(0);
    // PACER billed the page it served: kept in the ledger, and the case held rather than bought again.
    expect(await prisma().pacerFee.count({ where: { caseId: hosted.caseId } })).toBe(1);
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    expect((await queryCase("mad", hosted.caseId)).status).toBe(503);
    expect(docketRequests().length).toBe(reportsBefore + 1);
    // The same number with the judges' initials, padded otherwise: this case's.
    const own = host(MAD, "mad");
    const parts = splitCmEcfNumber(own.caseId)!;
    own.printedAs = `${parts.office}:${parts.year}-${parts.type}-${Number(parts.serial)}`;
    expect((await queryCase("mad", own.caseId)).status).toBe(200);
  });

  it("a bankruptcy court's adversary proceeding page, its number printed without the type, is not the main case of the same year and serial", async () => {
    const year = target.name === "pglite" ? "21" : "22";
    serial += 1;
    const number = (base: number) => String(base + serial * 37 + Math.floor(Math.random() * 30)).padStart(5, "0");
    // The court answers the main case's id with its adversary proceeding's report: "Adversary Proceeding #: 21-6xxxx-KG".
    const main = env.pacer.host("pacer/bankruptcy/deb_2.html", { court: "deb", caseId: `1:${year}-bk-${number(60000)}` });
    main.printedAs = main.caseId.replace(/^1:(\d{2})-bk-/, "$1-");
    const answer = await queryCase("deb", main.caseId);
    // Before: 200, the adversary proceeding's parties and entries answered (and charged) as the main case's.
    expect(answer.status).toBe(503);
    expect(await prisma().case.count({ where: { courtCode: "deb", caseId: main.caseId } })).toBe(0);
    // The same page asked as the adversary proceeding it is: its own, printed without the type as well.
    const own = env.pacer.host("pacer/bankruptcy/deb_2.html", { court: "deb", caseId: `1:${year}-ap-${number(70000)}` });
    own.printedAs = own.caseId.replace(/^1:(\d{2})-ap-/, "$1-");
    const served = await queryCase("deb", own.caseId);
    expect(served.status, served.text).toBe(200);
  });

  const lookups = () => env.server.requests(/possible_case_numbers\.pl/).length;
  /** The hold a billed page put on the case's reports ends, as after its wait; a new query reads the case again. */
  const endHold = async (caseId: string) => {
    await prisma().$executeRawUnsafe("UPDATE pacer_cases SET report_failed_at = report_failed_at - interval '1 day' WHERE case_id = $1", caseId);
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
  };

  it("a stored mapping whose report prints another case is forgotten: the next read looks the number up again, once, and nothing else kept for the case is lost", async () => {
    const hosted = host(MAD, "mad");
    const other = host(MAD, "mad");
    // A lookup (or a feed item) once stored the other case's internal id for this case; the row keeps more.
    const changedAt = new Date(Date.now() - 3_600_000);
    await prisma().pacerCase.create({
      data: { courtCode: "mad", caseId: hosted.caseId, pacerCaseId: other.pacerCaseId, listedNumber: hosted.listedNumber, changedAt, changedSeenAt: changedAt, feedItemKeys: ["item-a"], listedEntryCount: 29, listedEntryCountAt: changedAt, verifiedAt: changedAt },
    });
    const kept = { changedAt, changedSeenAt: changedAt, feedItemKeys: ["item-a"], listedEntryCount: 29, listedEntryCountAt: changedAt, verifiedAt: changedAt };
    const row = () => prisma().pacerCase.findUniqueOrThrow({ where: { courtCode_caseId: { courtCode: "mad", caseId: hosted.caseId } } });
    const [lookupsBefore, reportsBefore] = [lookups(), docketRequests().length];
    expect((await queryCase("mad", hosted.caseId)).status).toBe(503);
    expect([lookups(), docketRequests().length]).toEqual([lookupsBefore, reportsBefore + 1]);
    expect(await row()).toMatchObject({ ...kept, pacerCaseId: other.pacerCaseId, reportFailures: 1, mappingRefusedAt: expect.any(Date) });
    // While the billed page holds the case, nothing is asked, not even the free lookup.
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    expect((await queryCase("mad", hosted.caseId)).status).toBe(503);
    expect([lookups(), docketRequests().length]).toEqual([lookupsBefore, reportsBefore + 1]);

    await endHold(hosted.caseId);
    const answer = await queryCase("mad", hosted.caseId);
    // Before: 503 again, the other case's page billed again, and so at every hold's end, never this case's.
    expect(answer.status).toBe(200);
    expect(answer.body.case.case_number).toMatch(new RegExp(`^${hosted.caseId}\\b`));
    expect([lookups(), docketRequests().length]).toEqual([lookupsBefore + 1, reportsBefore + 2]);
    expect(await row()).toMatchObject({ feedItemKeys: ["item-a"], changedAt, pacerCaseId: hosted.pacerCaseId, mappingRefusedAt: null, reportFailures: 0 });
    // Looked up once: the mapping is kept again.
    expect(await fetchFromSource({ court: findCourt("mad")!, caseId: hosted.caseId, now: new Date() })).toMatchObject({ kind: "found" });
    expect([lookups(), docketRequests().length]).toEqual([lookupsBefore + 1, reportsBefore + 3]);
  });

  it("a refusal of an id the case no longer holds forgets nothing: a mapping looked up meanwhile (by another instance) is kept", async () => {
    const hosted = host(MAD, "mad");
    const other = host(MAD, "mad");
    const where = { courtCode_caseId: { courtCode: "mad", caseId: hosted.caseId } };
    // The other case's internal id was stored for this case, and a report by it printed the other case.
    await prisma().pacerCase.create({ data: { courtCode: "mad", caseId: hosted.caseId, pacerCaseId: other.pacerCaseId, listedNumber: hosted.listedNumber, mappingRefusedAt: new Date() } });
    // Another instance's read looks the number up again: the court names this case's own id.
    expect(await lookupPacerCase({ prisma: prisma(), settings: pacerSettings()!, courtCode: "mad", caseId: hosted.caseId })).toMatchObject({ kind: "found", pacerCaseId: hosted.pacerCaseId });
    expect(await prisma().pacerCase.findUniqueOrThrow({ where })).toMatchObject({ pacerCaseId: hosted.pacerCaseId, mappingRefusedAt: null });
    // A read that asked by the old id before that lookup is refused only now: the new mapping stays (before: forgotten,
    // so the next read looked the number up once more for nothing).
    await forgetPacerCase(prisma(), "mad", hosted.caseId, other.pacerCaseId, new Date());
    expect(await prisma().pacerCase.findUniqueOrThrow({ where })).toMatchObject({ pacerCaseId: hosted.pacerCaseId, mappingRefusedAt: null });
    // A refusal of the id the row holds forgets it.
    await forgetPacerCase(prisma(), "mad", hosted.caseId, hosted.pacerCaseId, new Date());
    expect(await prisma().pacerCase.findUniqueOrThrow({ where })).toMatchObject({ pacerCaseId: hosted.pacerCaseId, mappingRefusedAt: expect.any(Date) });
  });

  it("a lookup that names the same id again, whose report still prints another case: one fresh lookup per read, never a loop", async () => {
    const hosted = host(MAD, "mad");
    // The lookup names this id; the court answers it with another case's report, every time.
    hosted.printedAs = "1:19-cv-22222";
    const [lookupsBefore, reportsBefore] = [lookups(), docketRequests().length];
    expect((await queryCase("mad", hosted.caseId)).status).toBe(503);
    expect([lookups(), docketRequests().length]).toEqual([lookupsBefore + 1, reportsBefore + 1]);
    for (const read of [2, 3]) {
      await endHold(hosted.caseId);
      expect((await queryCase("mad", hosted.caseId)).status).toBe(503);
      // Before: no lookup after the first (the refused mapping was kept for good).
      expect([lookups(), docketRequests().length], `read ${read}`).toEqual([lookupsBefore + read, reportsBefore + read]);
    }
    expect(await prisma().case.count({ where: { courtCode: "mad", caseId: hosted.caseId } })).toBe(0);
  });

  it("a district docket with a notice above its heading naming another case ('Related Case #: ...') is this case's docket, not refused as another's", async () => {
    // Its heading's number as the replay prints it (withPrintedNumber: mad's recorded initials after it), or with
    // initials the check cannot parse ("-P1", as nysd prints some): either way the notice's number decides nothing.
    for (const initials of ["MGM", "P1"]) {
      const hosted = host(MAD, "mad");
      const handle = env.pacer.handle.bind(env.pacer);
      env.pacer.handle = async (request) => {
        const answer = await handle(request);
        if (!answer || !/DktRpt/.test(request.path)) return answer;
        // A block above the <h3> heading (as the reader's heading search allows for: pacer-docket-variants).
        const body = String(answer.body).replaceAll(`${hosted.caseId}-MGM`, `${hosted.caseId}-${initials}`);
        return { ...answer, body: body.replace(/<h3\b/i, '<div class="notice">Related Case #: 1:19-cv-11111</div><h3') };
      };
      try {
        const answer = await queryCase("mad", hosted.caseId);
        // Before: 503, the notice's number taken for the heading's; billed, held, and so at every hold's end.
        expect(answer.status, initials).toBe(200);
        expect(answer.body.case.case_number).toMatch(new RegExp(`^${hosted.caseId}\\b`));
        expect(await prisma().pacerCase.findFirst({ where: { caseId: hosted.caseId }, select: { reportFailures: true } })).toMatchObject({ reportFailures: 0 });
      } finally {
        env.pacer.handle = handle;
      }
    }
  });

  it("a billed page that is not a docket ('administratively closed') is not bought again on every query or refresh run", async () => {
    const hosted = host(MAD, "mad");
    const tracked = host(MAD, "mad");
    expect((await queryCase("mad", tracked.caseId)).status).toBe(200);
    // From now on CM/ECF answers these cases' reports with the real flsd page, billed one page.
    const closed = corpusText("pacer/not_dockets/flsd_516827.html");
    const handle = env.pacer.handle.bind(env.pacer);
    env.pacer.handle = async (request) => {
      if (!/DktRpt/.test(request.path)) return handle(request);
      env.pacer.bills.push({ court: "mad", caseId: "?", bytes: closed.length, pages: 1, cents: 10 });
      return { body: closed };
    };
    try {
      const reportsBefore = docketRequests().length;
      const first = await queryCase("mad", hosted.caseId);
      expect(first.status).toBe(503);
      expect(Date.parse(first.body.error.estimated_recovery_at!) - Date.now()).toBeGreaterThan(14 * 60_000);
      for (let query = 0; query < 3; query += 1) {
        await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
        expect((await queryCase("mad", hosted.caseId)).status).toBe(503);
      }
      expect(docketRequests().length).toBe(reportsBefore + 1);
      expect(await prisma().pacerFee.count({ where: { caseId: hosted.caseId } })).toBe(1);

      // A tracked case: the run the feed asked for pays once; the next runs leave it (not a failure of the court).
      await prisma().$executeRawUnsafe("UPDATE pacer_cases SET changed_at = now() + interval '1 minute' WHERE case_id = $1", tracked.caseId);
      const runs = [];
      for (let run = 0; run < 3; run += 1) runs.push(await refreshCases({ prisma: prisma(), court: findCourt("mad")!, caseIds: [tracked.caseId], now: new Date() }));
      expect(runs.map((run) => [run.attempted, run.unavailable])).toEqual([[1, 1], [0, 0], [0, 0]]);
      expect(await prisma().pacerFee.count({ where: { caseId: tracked.caseId } })).toBe(2); // the whole docket, then the refusal
      // The cached copy still answers.
      expect((await queryCase("mad", tracked.caseId)).status).toBe(200);
    } finally {
      env.pacer.handle = handle;
    }
  });

  it("free signals first: a court with a full RSS feed pays only for the cases its feed mentions", async () => {
    env.pacer.feeds.set("laed", { kind: "all" });
    // Rows on the dockets before this test appeared half an hour ago (their feed items say so).
    const earlier = new Date(Date.now() - 30 * 60_000);
    env.pacer.advanceTo("2009-06-30");
    const quiet = host(TXED, "laed", { visibleAt: earlier });
    const busy = host(LAED, "laed", { visibleAt: earlier });
    // The court's feed is polled without failure from before these cases' first reading.
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date())).status).toBe("ok");
    for (const hosted of [quiet, busy]) expect((await queryCase("laed", hosted.caseId)).status).toBe(200);
    await pollPacerFeeds(prisma(), new Date());
    const firstBusy = await storedEntries(prisma(), "laed", busy.caseId);

    env.pacer.advanceTo(null); // the busy docket gains entries; the quiet one (all in 2007) gains none
    const polls = await pollPacerFeeds(prisma(), new Date());
    expect(polls.find((poll) => poll.courtCode === "laed")).toMatchObject({ status: "ok", entryTypes: "all" });
    const requestsBefore = env.server.log.length;
    const summary = await refreshCases({ prisma: prisma(), court: findCourt("laed")!, caseIds: [quiet.caseId, busy.caseId], now: new Date() });
    expect(summary).toMatchObject({ refreshed: 1, skipped: 1 });
    const asked = env.server.log.slice(requestsBefore);
    expect(asked.filter((entry) => /DktRpt/.test(entry.url))).toHaveLength(1);
    expect(asked.filter((entry) => /mobile_query|iquery/.test(entry.url))).toHaveLength(0);

    // The RSS-triggered refresh equals a whole reading: same entries; known ones keep first_seen.
    const after = await storedEntries(prisma(), "laed", busy.caseId);
    const byKey = new Map(after.map((entry) => [entry.entry_key, entry]));
    for (const entry of firstBusy) expect(byKey.get(entry.entry_key)?.first_seen_at.getTime()).toBe(entry.first_seen_at.getTime());
    const whole = host(LAED, "laed");
    expect((await queryCase("laed", whole.caseId)).status).toBe(200);
    const reference = await storedEntries(prisma(), "laed", whole.caseId);
    expect(after.map((entry) => entry.entry_key)).toEqual(reference.map((entry) => entry.entry_key));
    expect(after.map((entry) => entry.description)).toEqual(reference.map((entry) => entry.description));
  });

  /** A laed docket cached as of 2009-06-30 (its rows seen half an hour ago), its court's whole feed polled without failure. */
  const cachedWithWholeFeed = async () => {
    env.pacer.feeds.set("laed", { kind: "all" });
    env.pacer.advanceTo("2009-06-30");
    const hosted = host(LAED, "laed", { visibleAt: new Date(Date.now() - 30 * 60_000) });
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date())).status).toBe("ok");
    expect((await queryCase("laed", hosted.caseId)).status).toBe(200);
    return { hosted, court: findCourt("laed")! };
  };
  /** cachedWithWholeFeed, as an agent then checked it: its answer, and how many entries the cache held then. */
  const watchedWithWholeFeed = async () => {
    const { hosted, court } = await cachedWithWholeFeed();
    const checked = await queryCase("laed", hosted.caseId);
    const held = (await storedEntries(prisma(), "laed", hosted.caseId)).length;
    return { hosted, court, checked, held };
  };
  /** The next refresh run reads the watched case (none skipped), and /v2/monitor tells the agent every entry it gained. */
  const expectReadAndTold = async ({ hosted, court, checked, held }: Awaited<ReturnType<typeof watchedWithWholeFeed>>) => {
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 1, skipped: 0 });
    const gained = (await storedEntries(prisma(), "laed", hosted.caseId)).length - held;
    expect(gained).toBeGreaterThan(0);
    const monitor = await callRoute<MonitorResponse>(getMonitor, "/v2/monitor", { query: { case_id: hosted.caseId, court_code: "laed", last_checked: checked.body.meta.queried_at } });
    expect(monitor.body).toMatchObject({ changed: true, change_count: gained });
  };

  it("a feed item seen before a refresh's reading is not paid for again when later polls show it; one first seen after is", async () => {
    const { hosted, court } = await cachedWithWholeFeed();
    const reports = () => docketRequests().length;
    /** Rows entered after `day` appeared at `at` (their feed items carry that time, to the second). */
    const appearedAt = (day: string, at: Date) => {
      for (const row of hosted.docket.rows) if ((row.entered ?? "") > day) hosted.visibleSince.set(row.start, at);
    };

    env.pacer.advanceTo("2010-06-30"); // new entries, their feed items dated two minutes ago
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    appearedAt("2009-06-30", twoMinutesAgo);
    await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date());
    let before = reports();
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 1 });
    expect(reports()).toBe(before + 1);
    // The next poll shows the same items, dated within PACER_FEED_SKEW_SECONDS of that reading: they were
    // seen before it began, so nothing is paid for (before: one more reading).
    await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date());
    before = reports();
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 0, skipped: 1 });
    expect(reports()).toBe(before);

    // New items dated the same second as those already seen (a feed's times are to the second): new by their
    // own key, so paid for.
    env.pacer.advanceTo("2010-12-31");
    appearedAt("2010-06-30", twoMinutesAgo);
    await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date());
    before = reports();
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 1, newEntries: 12 });
    expect(reports()).toBe(before + 1);

    // Items the court's clock dates a moment before that reading was stored, seen by our poller only after
    // it: they may not be in it, so they are paid for.
    const stored = await prisma().case.findFirst({ where: { caseId: hosted.caseId }, select: { lastRefreshedAt: true } });
    env.pacer.advanceTo(null);
    appearedAt("2010-12-31", new Date(stored!.lastRefreshedAt.getTime() - 2_000));
    await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date());
    before = reports();
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 1 });
    expect(reports()).toBe(before + 1);
    expect(await storedEntries(prisma(), "laed", hosted.caseId)).toHaveLength(58);
  });

  it("a cached case whose stored mapping was forgotten (a report by it printed another case) is read by the next refresh run after its hold, though its court's feed would vouch for it", async () => {
    const { hosted, court } = await cachedWithWholeFeed();
    // The other case's feed items are dated before this case's reading began: they mark nothing.
    const other = host(TXED, "laed", { visibleAt: new Date(Date.now() - 30 * 60_000) });
    const row = () => prisma().pacerCase.findUniqueOrThrow({ where: { courtCode_caseId: { courtCode: "laed", caseId: hosted.caseId } } });
    // The mapping now names the other case's internal id (as a lookup that named the wrong id would have stored):
    // the next read's report prints the other case, and the mapping is forgotten.
    await prisma().pacerCase.update({ where: { courtCode_caseId: { courtCode: "laed", caseId: hosted.caseId } }, data: { pacerCaseId: other.pacerCaseId } });
    expect(await fetchFromSource({ court, caseId: hosted.caseId, now: new Date() })).toMatchObject({ kind: "unavailable" });
    expect(await row()).toMatchObject({ pacerCaseId: other.pacerCaseId, mappingRefusedAt: expect.any(Date), reportFailures: 1 });
    await endHold(hosted.caseId);
    // The feed is still fresh and was polled without failure since the cached reading began: for a case mapped
    // to its own id, it would vouch that nothing changed.
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date())).status).toBe("ok");
    const [lookupsBefore, reportsBefore] = [lookups(), docketRequests().length];
    const summary = await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() });
    // Before removing the doubt from the plan: skipped, the doubted mapping kept, and the case never looked up again.
    expect(summary).toMatchObject({ refreshed: 1, unavailable: 0 });
    expect(summary.skipped ?? 0).toBe(0);
    expect([lookups(), docketRequests().length]).toEqual([lookupsBefore + 1, reportsBefore + 1]);
    expect(await row()).toMatchObject({ pacerCaseId: hosted.pacerCaseId, mappingRefusedAt: null, reportFailures: 0 });
  });

  /**
   * A cached laed case an agent checked, then a refresh its court did not answer: the court docketed an entry
   * (its feed item seen now) and the reading the item asks for was answered 500. `monitor` asks /v2/monitor
   * since that check.
   */
  const checkedThenUnanswered = async () => {
    const { hosted, court } = await cachedWithWholeFeed();
    const checked = await queryCase("laed", hosted.caseId);
    const monitor = () => callRoute<MonitorResponse>(getMonitor, "/v2/monitor", { query: { case_id: hosted.caseId, court_code: "laed", last_checked: checked.body.meta.queried_at } });
    env.pacer.advanceTo("2009-12-31");
    await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date());
    env.server.fail({ match: /DktRpt\.pl/, kind: "status", status: 500 });
    try {
      expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ unavailable: 1 });
    } finally {
      env.server.clearFaults();
    }
    return { hosted, court, monitor };
  };

  it("a case whose last refresh went unanswered: /v2/monitor answers 503, not 'no change', until a refresh is answered or the feed vouches for the cache", async () => {
    const { hosted, court, monitor } = await checkedThenUnanswered();
    const unanswered = await monitor();
    expect(unanswered.status).toBe(503);
    // The court did not answer and the fee budget is not spent: the budget is not named, no recovery time is
    // known, and the next refresh run is the next chance.
    const error = (unanswered.body as unknown as { error: { message: string; estimated_recovery_at?: string } }).error;
    expect(error.message).not.toMatch(/budget/);
    expect(error.estimated_recovery_at).toBeUndefined();
    expect(unanswered.headers.get("retry-after")).toBe("3600");
    // The next run reads it: what was docketed is told.
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 1 });
    expect((await monitor()).body).toMatchObject({ changed: true });
    // A case the feed vouches for after an unanswered refresh (the court's next answer already in the cache):
    // known unchanged, so "no change" again.
    await prisma().$executeRawUnsafe("UPDATE cases SET unanswered_since = now() WHERE case_id = $1", hosted.caseId);
    const now = await queryCase("laed", hosted.caseId);
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ skipped: 1 });
    const quiet = await callRoute<MonitorResponse>(getMonitor, "/v2/monitor", { query: { case_id: hosted.caseId, court_code: "laed", last_checked: now.body.meta.queried_at } });
    expect(quiet.status).toBe(200);
    expect(quiet.body).toMatchObject({ changed: false });
  });

  it("a case whose unanswered refresh left its reports held: the run that skips it while it waits does not make /v2/monitor say 'no change'", async () => {
    const { hosted, court, monitor } = await checkedThenUnanswered();
    // Its docket report went unanswered (PACER may have billed it): held back, as report-hold.ts holds it.
    await prisma().$executeRawUnsafe(
      "UPDATE pacer_cases SET report_failures = 1, report_failed_at = now(), report_failure = 'unanswered' WHERE court_code = 'laed' AND case_id = $1",
      hosted.caseId,
    );
    // The next run leaves it out while it waits: nothing known of the court's docket, so still no "no change".
    // Before, every case the planner left out counted as known unchanged: 200, changed false (charged).
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ skipped: 1, attempted: 0 });
    expect((await monitor()).status).toBe(503);
  });

  it("a feed left unpolled for a while (no case of its court tracked, the poller down) vouches for nothing of that gap: its filings are read and told once", async () => {
    const watched = await watchedWithWholeFeed();
    const { hosted } = watched;
    // Three days ago: the last reading, and the feed polled without failure since the day before; then no poll
    // for two days (nobody tracked a laed case). Meanwhile the court docketed a year of entries, whose items
    // the feed, which keeps about a day, no longer lists.
    await prisma().$executeRawUnsafe("UPDATE cases SET read_from = now() - interval '3 days', last_refreshed_at = now() - interval '3 days' WHERE case_id = $1", hosted.caseId);
    await prisma().$executeRawUnsafe("UPDATE pacer_feeds SET ok_since = now() - interval '4 days', last_polled_at = now() - interval '2 days' WHERE court_code = 'laed'");
    env.pacer.advanceTo("2010-06-30");
    for (const row of hosted.docket.rows) hosted.visibleSince.set(row.start, new Date(Date.now() - ((row.entered ?? "") > "2009-06-30" ? 30 : 96) * 3_600_000));
    // An agent tracks the case again; the poller polls the court again (its feed answers, without those items).
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date())).status).toBe("ok");
    // Before, the feed's unbroken run since before the reading vouched for the gap: skipped, and the year of
    // filings stayed unread until the feed happened to mention the case again.
    await expectReadAndTold(watched);
  });

  it("two polls of one court that overlap: the one started later stands, whichever finishes last", async () => {
    await cachedWithWholeFeed();
    const later = new Date();
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "laed", later)).status).toBe("ok");
    const standing = await prisma().pacerFeed.findUniqueOrThrow({ where: { courtCode: "laed" } });
    // A poll started two minutes earlier (a retried step's first attempt) finishes now, and failed.
    env.server.fail({ match: /rss_outside\.pl/, kind: "status", status: 503 });
    try {
      expect((await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date(later.getTime() - 120_000))).status).toBe("failed");
    } finally {
      env.server.clearFaults();
    }
    const after = await prisma().pacerFeed.findUniqueOrThrow({ where: { courtCode: "laed" } });
    expect({ lastPolledAt: after.lastPolledAt, okSince: after.okSince, lastError: after.lastError }).toEqual({ lastPolledAt: standing.lastPolledAt, okSince: standing.okSince, lastError: null });
    expect(standing.okSince).not.toBeNull();
  });

  it("a feed that dropped items unseen between two polls (more came than it keeps) vouches for nothing before: the case's filings are read and told", async () => {
    const watched = await watchedWithWholeFeed();
    const { hosted } = watched;
    // Ten minutes ago the last reading; the feed polled without failure since before it, last two minutes ago.
    await prisma().$executeRawUnsafe("UPDATE cases SET read_from = now() - interval '10 minutes', last_refreshed_at = now() - interval '10 minutes' WHERE case_id = $1", hosted.caseId);
    await prisma().$executeRawUnsafe("UPDATE pacer_feeds SET ok_since = now() - interval '20 minutes', last_polled_at = now() - interval '2 minutes' WHERE court_code = 'laed'");
    // Since then the court docketed this case's entries, then another case's 25: the feed, keeping only its
    // newest 10 items, no longer lists this case's.
    env.pacer.advanceTo("2010-06-30");
    for (const row of hosted.docket.rows) if ((row.entered ?? "") > "2009-06-30") hosted.visibleSince.set(row.start, new Date(Date.now() - 60_000));
    host(TXED, "laed", { visibleAt: new Date() });
    env.pacer.feeds.set("laed", { kind: "all", cap: 10 });
    try {
      expect(await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date())).toMatchObject({ status: "ok", items: 10, marked: 0 });
    } finally {
      env.pacer.feeds.set("laed", { kind: "all" });
    }
    // Before, the run of good polls went on from before the reading: skipped, the filings unread.
    await expectReadAndTold(watched);
    // A poll whose items reach back past the one before (an item of an hour ago) goes on with the run.
    const okSince = (await prisma().pacerFeed.findUnique({ where: { courtCode: "laed" } }))!.okSince;
    host(TXED, "laed", { visibleAt: new Date(Date.now() - 3_600_000) });
    await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date());
    expect((await prisma().pacerFeed.findUnique({ where: { courtCode: "laed" } }))!.okSince).toEqual(okSince);
  });

  it("a feed that lists all entry types only since today vouches for nothing of the days it listed some: the case's filings are read and told", async () => {
    const watched = await watchedWithWholeFeed();
    const { hosted } = watched;
    // Read two days ago; the feed, polled every few minutes without failure since three days ago, listed orders
    // only until now.
    await prisma().$executeRawUnsafe("UPDATE cases SET read_from = now() - interval '2 days', last_refreshed_at = now() - interval '2 days' WHERE case_id = $1", hosted.caseId);
    await prisma().$executeRawUnsafe(
      "UPDATE pacer_feeds SET entry_types = 'order', ok_since = now() - interval '3 days', last_polled_at = now() - interval '2 minutes', newest_item_at = now() - interval '1 hour' WHERE court_code = 'laed'",
    );
    // Meanwhile, a day and a half ago, the court docketed a year of this case's entries, none of them listed then;
    // now the court's feed lists all types, of the last day only: another case's item of an hour ago.
    env.pacer.advanceTo("2010-06-30");
    for (const row of hosted.docket.rows) hosted.visibleSince.set(row.start, new Date(Date.now() - ((row.entered ?? "") > "2009-06-30" ? 36 : 96) * 3_600_000));
    host(TXED, "laed", { visibleAt: new Date(Date.now() - 3_600_000) });
    expect(await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date())).toMatchObject({ status: "ok", entryTypes: "all" });
    // Before, the run of the feed of orders went on as the whole feed's: skipped, the year of filings unread.
    await expectReadAndTold(watched);
  });

  it("a feed that stopped updating (no item made in the last 3 days) vouches for nothing, and the log says so once: the case's filings are read and told", async () => {
    const watched = await watchedWithWholeFeed();
    const { hosted } = watched;
    // The feed stopped updating three days ago and answers the items it had then (this case's, made just before).
    // A minute more than 3 days ago, so the polls below fall either side of the 3 days however long the test runs.
    const madeAt = new Date(Date.now() - 3 * 86_400_000 - 60_000);
    const stoppedAt = new Date(madeAt.getTime() + 60_000);
    for (const row of hosted.docket.rows) if (hosted.visibleSince.has(row.start)) hosted.visibleSince.set(row.start, madeAt);
    env.pacer.feeds.set("laed", { kind: "all", stoppedAt });
    // Read two days ago; the feed polled every few minutes without failure since four days ago.
    await prisma().$executeRawUnsafe("UPDATE cases SET read_from = now() - interval '2 days', last_refreshed_at = now() - interval '2 days' WHERE case_id = $1", hosted.caseId);
    await prisma().$executeRawUnsafe(
      "UPDATE pacer_feeds SET ok_since = now() - interval '4 days', last_polled_at = now() - interval '4 minutes', newest_item_at = $1::timestamptz WHERE court_code = 'laed'",
      madeAt.toISOString(),
    );
    // Meanwhile the court docketed a year of entries, which the stopped feed never lists.
    env.pacer.advanceTo("2010-06-30");
    const logged = vi.spyOn(console, "error");
    const staleLines = () => logged.mock.calls.filter(([line]) => String(line).includes("no item made in the last 3 days") && String(line).includes('"laed"')).length;
    try {
      // A minute before its newest item is 3 days old, the feed still vouches; at each poll after, it does not,
      // and the log says so at the first one only.
      await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date(madeAt.getTime() + 3 * 86_400_000 - 60_000));
      expect(staleLines()).toBe(0);
      await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date());
      await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date());
      expect(staleLines()).toBe(1);
      // The feed updates again: a poll lists a new item (another case's, made an hour ago, before the last poll).
      // Its run starts at that poll, not before the spell it stood still (the run it had then).
      env.pacer.feeds.set("laed", { kind: "all" });
      host(TXED, "laed", { visibleAt: new Date(Date.now() - 3_600_000) });
      const resumedAt = new Date();
      await pollCourtFeed(prisma(), pacerSettings()!, "laed", resumedAt);
      expect((await prisma().pacerFeed.findUnique({ where: { courtCode: "laed" } }))!.okSince).toEqual(resumedAt);
      expect(staleLines()).toBe(1);
    } finally {
      logged.mockRestore();
      env.pacer.feeds.set("laed", { kind: "all" });
    }
    // Before, its unbroken run of polls vouched: skipped, the year of filings unread.
    await expectReadAndTold(watched);
  });

  it("a feed whose newest item turned 3 days old since its last poll vouches for nothing: the case's free entry count is asked", async () => {
    const { hosted, court } = await cachedWithWholeFeed();
    await prisma().$executeRawUnsafe("UPDATE cases SET read_from = now() - interval '1 day', last_refreshed_at = now() - interval '1 day' WHERE case_id = $1", hosted.caseId);
    // Polled two minutes ago, without failure since four days ago, its newest item then a minute short of 3 days old.
    await prisma().$executeRawUnsafe(
      "UPDATE pacer_feeds SET ok_since = now() - interval '4 days', last_polled_at = now() - interval '2 minutes', newest_item_at = now() - interval '3 days 1 minute' WHERE court_code = 'laed'",
    );
    const before = env.server.log.length;
    await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() });
    expect(env.server.log.slice(before).some((entry) => /mobile_query\.pl/.test(entry.url))).toBe(true);
  });

  /**
   * A cached laed docket (as of 2009-06-30) whose court has a whole feed polled without failure, with readings
   * of it taken and stored by hand (as two instances or a retried step would, in any order).
   */
  const overlappingReadings = async () => {
    const { hosted, court } = await cachedWithWholeFeed();
    const read = async () => {
      const outcome = await fetchFromSource({ court, caseId: hosted.caseId, now: new Date() });
      if (outcome.kind !== "found") throw new Error(`reading failed: ${JSON.stringify(outcome)}`);
      return outcome;
    };
    const store = (outcome: Awaited<ReturnType<typeof read>>) =>
      storeCase({ prisma: prisma(), record: outcome.case, source: outcome.source, keepParties: outcome.partiesOmitted, enteredSince: outcome.enteredSince, readFrom: outcome.readFrom });
    return { hosted, court, read, store };
  };
  /** The court dockets the entries of 2009-07 to 2010-06; our poller sees their items now. */
  const docketNewEntries = async (hosted: ReturnType<typeof host>) => {
    env.pacer.advanceTo("2010-06-30");
    for (const row of hosted.docket.rows) if ((row.entered ?? "") > "2009-06-30") hosted.visibleSince.set(row.start, new Date());
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date())).status).toBe("ok");
  };

  it("overlapping readings stored out of order: a feed item first seen after the stored reading began is paid for, whichever reading began last", async () => {
    const { hosted, court, read, store } = await overlappingReadings();
    // Two readings begin (two instances, a retried step); the first is stored.
    const first = await read();
    const second = await read();
    await store(first);
    // The court dockets new entries; our poller sees their items now, after both readings began.
    await docketNewEntries(hosted);
    // A third reading begins (it holds them, and is never stored: its run died), then the second is stored:
    // the cache lacks the new entries though its last write is after the items were seen.
    await read();
    await store(second);
    const held = (await storedEntries(prisma(), "laed", hosted.caseId)).length;
    const before = docketRequests().length;
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 1 });
    expect(docketRequests().length).toBe(before + 1);
    expect((await storedEntries(prisma(), "laed", hosted.caseId)).length).toBeGreaterThan(held);
    // Once a reading that began after them is stored, the same items pay for nothing.
    await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date());
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 0, skipped: 1 });
  });

  it("an older reading stored after a later one adds only what the cache lacks: the later header and entry texts stand", async () => {
    const { hosted, court, read, store } = await overlappingReadings();
    const older = await read();
    // The court dockets new entries and reassigns the case; our poller sees the items before the later reading.
    await docketNewEntries(hosted);
    const later = await read();
    later.case.header.assigned_judge = "Judge Reassigned"; // what the court's page says by then
    const shared = older.case.entries[0]!;
    expect(later.case.entries.some((entry) => entry.entry_number === shared.entry_number && entry.description === shared.description)).toBe(true);
    const laterText = shared.description;
    shared.description = `${shared.description} (as the court first worded it)`;
    await store(later);
    const afterLater = (await storedEntries(prisma(), "laed", hosted.caseId)).length;
    await store(older);
    const kase = await prisma().case.findFirst({ where: { caseId: hosted.caseId }, select: { assignedJudge: true } });
    expect(kase?.assignedJudge).toBe("Judge Reassigned");
    const entries = await storedEntries(prisma(), "laed", hosted.caseId);
    expect(entries).toHaveLength(afterLater);
    expect(entries.some((entry) => entry.description === laterText)).toBe(true);
    expect(entries.some((entry) => entry.description.endsWith("(as the court first worded it)"))).toBe(false);
    // The cache is the court's as of the later reading: nothing to pay for.
    const before = docketRequests().length;
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 0, skipped: 1 });
    expect(docketRequests().length).toBe(before);
  });

  it("a case stored before reading starts were kept: an item seen shortly before its last write is paid for, one seen long before is not", async () => {
    env.pacer.feeds.set("laed", { kind: "all" });
    const hosted = host(LAED, "laed", { visibleAt: new Date(Date.now() - 30 * 60_000) });
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date(Date.now() - 3_600_000))).status).toBe("ok");
    expect((await queryCase("laed", hosted.caseId)).status).toBe(200);
    const court = findCourt("laed")!;
    const seenBeforeWrite = (seconds: number) =>
      prisma().$executeRawUnsafe(
        `UPDATE pacer_cases p SET changed_at = c.last_refreshed_at, changed_seen_at = c.last_refreshed_at - $2::int * interval '1 second'
         FROM cases c WHERE c.court_code = p.court_code AND c.case_id = p.case_id AND p.case_id = $1`,
        hosted.caseId,
        seconds,
      );
    await prisma().$executeRawUnsafe("UPDATE cases SET read_from = NULL WHERE case_id = $1", hosted.caseId);
    await seenBeforeWrite(3_600);
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 0, skipped: 1 });
    // Within the fetch's deadline and the write's wait before it: the reading may have begun after the item.
    await seenBeforeWrite(60);
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 1 });
    expect((await prisma().case.findFirst({ where: { caseId: hosted.caseId }, select: { readFrom: true } }))?.readFrom).not.toBeNull();
  });

  /** A laed docket cached at nyed as of 2009-06-30, a court without a feed (its poll says so). */
  const cachedWithoutFeed = async () => {
    env.pacer.feeds.set("nyed", { kind: "none" });
    const hosted = host(LAED, "nyed");
    env.pacer.advanceTo("2009-06-30");
    expect((await queryCase("nyed", hosted.caseId)).status).toBe(200);
    await pollPacerFeeds(prisma(), new Date());
    return { hosted, court: findCourt("nyed")! };
  };

  it("a court without a feed: an entry count taken after a reading began is not taken for that reading's when it is stored later", async () => {
    const { hosted, court } = await cachedWithoutFeed();
    // A reading begins (a query on another instance) before the court dockets new entries.
    const early = await fetchFromSource({ court, caseId: hosted.caseId, now: new Date() });
    if (early.kind !== "found") throw new Error(`reading failed: ${JSON.stringify(early)}`);
    env.pacer.advanceTo(null);
    // A scheduled run counts them (58 listed) and plans a reading, which fails (the court answers 500).
    env.server.fail({ match: /DktRpt\.pl/, kind: "status", status: 500 });
    try {
      expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ attempted: 1, refreshed: 0 });
    } finally {
      env.server.clearFaults();
    }
    // The early reading is stored after that count: the cache still lacks what was counted.
    await storeCase({ prisma: prisma(), record: early.case, source: early.source, keepParties: early.partiesOmitted, enteredSince: early.enteredSince, readFrom: early.readFrom });
    expect((await storedEntries(prisma(), "nyed", hosted.caseId)).length).toBeLessThan(58);
    // The next run pays for the reading (before, the count was taken for the cache's and the case stayed
    // short until the court's count moved again).
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 1 });
    expect(await storedEntries(prisma(), "nyed", hosted.caseId)).toHaveLength(58);
    expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 0, skipped: 1 });
  });

  // The reading's start in UTC: that afternoon in New York, that evening there, already the next day in UTC, and
  // two minutes after midnight there by our clock (CM/ECF's, up to PACER_FEED_SKEW_SECONDS behind, may still say 23:57).
  it.each(["2010-02-09T20:00:00Z", "2010-02-10T02:00:00Z", "2010-02-10T05:02:00Z"])("a court whose entry count page says nothing: the case query vouches only for a last filing dated before the reading's day; one filed later that day is read and told (reading begun %s)", async (readFrom) => {
    env.pacer.feeds.set("nyed", { kind: "none" });
    env.server.fail({ match: /mobile_query\.pl/, kind: "status", status: 404 });
    try {
      const hosted = host(LAED, "nyed");
      // Two entries filed on 2010-02-09; the case is read that day, between them.
      const sameDay = hosted.docket.rows.filter((row) => row.filed === "2010-02-09");
      expect(sameDay).toHaveLength(2);
      const later = sameDay[1]!;
      const enter = (day: string) => (hosted.docket = { ...hosted.docket, rows: hosted.docket.rows.map((row) => (row.start === later.start ? { ...row, entered: day } : row)) });
      enter("2999-01-01");
      env.pacer.advanceTo("2010-02-09");
      const checked = await queryCase("nyed", hosted.caseId);
      expect(checked.status).toBe(200);
      expect((await pollCourtFeed(prisma(), pacerSettings()!, "nyed", new Date())).status).toBe("none");
      const held = (await storedEntries(prisma(), "nyed", hosted.caseId)).length;
      // The reading began that day (New York time); the court then docketed the later entry, filed the same day.
      await prisma().$executeRawUnsafe(
        "UPDATE cases SET read_from = $2::timestamptz, last_refreshed_at = $2::timestamptz + interval '1 minute' WHERE case_id = $1",
        hosted.caseId,
        readFrom,
      );
      enter("2010-02-09");
      const court = findCourt("nyed")!;
      let before = env.server.log.length;
      // Its date of last filing is the cache's latest: before, taken for "unchanged" and skipped.
      expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 1, skipped: 0 });
      expect(env.server.log.slice(before).some((entry) => /iquery\.pl/.test(entry.url))).toBe(true);
      expect(await storedEntries(prisma(), "nyed", hosted.caseId)).toHaveLength(held + 1);
      const monitor = await callRoute<MonitorResponse>(getMonitor, "/v2/monitor", { query: { case_id: hosted.caseId, court_code: "nyed", last_checked: checked.body.meta.queried_at } });
      expect(monitor.body).toMatchObject({ changed: true, change_count: 1 });
      // Read now, long after its last filing's day: the case query vouches, and nothing is bought.
      before = env.server.log.length;
      expect(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 0, skipped: 1 });
      expect(env.server.log.slice(before).map((entry) => entry.url.split("?")[0]!.split("/").at(-1))).toEqual(["mobile_query.pl", "iquery.pl"]);
    } finally {
      env.server.clearFaults();
    }
  });

  // A court whose entry count page says nothing: the day the case query's date is compared with is the court's own.
  // New York: its last filing is of 2010-02-09; the reading began at 01:00 on 2010-02-10 there (06:00 UTC), after
  // that day had ended there, so nothing filed on it can have come after the reading (a UTC day less one, the rule
  // before, bought the docket at every run until two UTC days after the filing's). Guam (UTC+10): the same filing
  // is stored as 2010-02-08T14:00Z, and the reading began at 01:00 on 2010-02-10 there (15:00 UTC the day before);
  // before, the UTC date of the stored filing (the 8th) was taken for its day, the court's "9th" looked newer, and
  // the docket was bought at every run.
  it.each([
    ["nyed", "a reading begun just after New York's midnight vouches for the day before", "2010-02-10T06:00:00Z", "2010-02-10T06:01:00Z"],
    ["gud", "a court ahead of UTC (Guam, UTC+10): the cache's last filing date is the court's day", "2010-02-09T15:00:00Z", "2010-02-09T15:01:00Z"],
  ])("a court whose entry count page says nothing (%s): %s, so the case query vouches for it", async (courtCode, _what, readFrom, refreshedAt) => {
    env.pacer.feeds.set(courtCode, { kind: "none" });
    env.server.fail({ match: /mobile_query\.pl/, kind: "status", status: 404 });
    try {
      const hosted = host(LAED, courtCode);
      env.pacer.advanceTo("2010-02-09");
      expect((await queryCase(courtCode, hosted.caseId)).status).toBe(200);
      expect((await pollCourtFeed(prisma(), pacerSettings()!, courtCode, new Date())).status).toBe("none");
      await prisma().$executeRawUnsafe(
        "UPDATE cases SET read_from = $2::timestamptz, last_refreshed_at = $3::timestamptz WHERE case_id = $1",
        hosted.caseId,
        readFrom,
        refreshedAt,
      );
      const before = env.server.log.length;
      expect(await refreshCases({ prisma: prisma(), court: findCourt(courtCode)!, caseIds: [hosted.caseId], now: new Date() })).toMatchObject({ refreshed: 0, skipped: 1 });
      expect(env.server.log.slice(before).map((entry) => entry.url.split("?")[0]!.split("/").at(-1))).toEqual(["mobile_query.pl", "iquery.pl"]);
    } finally {
      env.server.clearFaults();
    }
  });

  it("a feed item of another defendant's docket does not make the refresh pay for the main defendant's", async () => {
    env.pacer.feeds.set("laed", { kind: "all" });
    const earlier = new Date(Date.now() - 30 * 60_000);
    env.pacer.advanceTo("2009-06-30");
    const serialNumber = String(20000 + serial * 7 + (target.name === "pglite" ? 1 : 2)).padStart(5, "0");
    serial += 1;
    const caseId = `1:18-cr-${serialNumber}`;
    const main = env.pacer.host(TXED, { court: "laed", caseId, visibleAt: earlier });
    const second = env.pacer.host(LAED, { court: "laed", caseId: `${caseId}-2`, visibleAt: earlier });
    await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date());
    expect((await queryCase("laed", caseId)).status).toBe(200);
    expect((await prisma().pacerCase.findFirst({ where: { courtCode: "laed", caseId } }))?.pacerCaseId).toBe(main.pacerCaseId);
    await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date());

    env.pacer.advanceTo(null); // only defendant 2's docket gains entries (the main one's are all from 2007)
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date())).items).toBeGreaterThan(0);
    const before = docketRequests().length;
    expect(await refreshCases({ prisma: prisma(), court: findCourt("laed")!, caseIds: [caseId], now: new Date() })).toMatchObject({ refreshed: 0, skipped: 1 });
    expect(docketRequests().length).toBe(before);
    expect(second.pacerCaseId).not.toBe(main.pacerCaseId);
  });

  it("a court without a feed: the free entry count decides, and a docket is paid for only when it moved", async () => {
    const { hosted, court } = await cachedWithoutFeed();
    expect(await prisma().pacerFeed.findUnique({ where: { courtCode: "nyed" } })).toMatchObject({ entryTypes: "none" });

    let before = env.server.log.length;
    const unchanged = await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() });
    expect(unchanged).toMatchObject({ skipped: 1, attempted: 0 });
    expect(env.server.log.slice(before).map((entry) => entry.url.split("?")[0])).toEqual(["/ecf/nyed/cgi-bin/mobile_query.pl"]);

    env.pacer.advanceTo(null);
    before = env.server.log.length;
    const changed = await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() });
    expect(changed).toMatchObject({ refreshed: 1, skipped: 0 });
    expect(env.server.log.slice(before).filter((entry) => /DktRpt/.test(entry.url))).toHaveLength(1);
    expect(await storedEntries(prisma(), "nyed", hosted.caseId)).toHaveLength(58);

    // The court stops listing an entry the cache holds (struck: here dated after the replay's today, so
    // neither served nor counted). The cache keeps it, so its rows (58) never equal the court's count (57):
    // one reading finds that out, and from then on the court's count is compared with what it was then.
    hosted.docket = { ...hosted.docket, rows: hosted.docket.rows.map((row, index) => (index === 10 ? { ...row, entered: "2999-01-01" } : row)) };
    env.pacer.advanceTo("2030-01-01");
    const runs = [];
    for (let run = 0; run < 3; run += 1) runs.push(await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() }));
    expect(runs.map((run) => [run.refreshed, run.skipped])).toEqual([[1, 0], [0, 1], [0, 1]]);
    expect(await storedEntries(prisma(), "nyed", hosted.caseId)).toHaveLength(58);
    // A new entry the court lists (58 again, as many as the cache holds) is still a change.
    hosted.docket = { ...hosted.docket, rows: hosted.docket.rows.map((row, index) => (index === 10 ? { ...row, entered: "2029-12-31" } : row)) };
    const relisted = await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId], now: new Date() });
    expect(relisted).toMatchObject({ refreshed: 1, skipped: 0 });
  });

  it("entry count pages that charge: a run stops asking once they spend the budget, and a spent budget asks PACER nothing", async () => {
    const { hosted, court } = await cachedWithoutFeed();
    const second = host(LAED, "nyed");
    expect((await queryCase("nyed", second.caseId)).status).toBe(200);
    // The court's entry count page now charges $0.10 ("Cost:"); the budget has room for one such page.
    env.pacer.mobileQueryCents = 10;
    const { dayCents } = await budgetState(prisma(), pacerSettings()!, new Date());
    env.configure({ PACER_DAILY_BUDGET_USD: ((dayCents + 10) / 100).toFixed(2) });
    const mobilePages = () => env.server.requests(/mobile_query\.pl/).length;
    try {
      const pagesBefore = mobilePages();
      const runStarted = new Date();
      const charged = await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId, second.caseId], now: runStarted });
      expect(charged.budgetSpent).toBe(true);
      // Before: every tracked case's page was asked for (and paid), whatever the budget said.
      expect(mobilePages()).toBe(pagesBefore + 1);
      expect(await prisma().pacerFee.count({ where: { courtCode: "nyed", kind: "mobile_query" } })).toBe(1);
      // What the page that was paid for said is kept: that case is known unchanged as of this run.
      const verified = await prisma().pacerCase.findFirst({ where: { courtCode: "nyed", caseId: hosted.caseId }, select: { verifiedAt: true } });
      expect(verified?.verifiedAt?.getTime()).toBeGreaterThanOrEqual(runStarted.getTime());
      // With the budget spent, a run asks PACER nothing: no entry count, no case query, no docket.
      const requestsBefore = env.server.log.length;
      const spent = await refreshCases({ prisma: prisma(), court, caseIds: [hosted.caseId, second.caseId], now: new Date() });
      expect(spent).toMatchObject({ budgetSpent: true, refreshed: 0 });
      expect(env.server.log.slice(requestsBefore)).toEqual([]);
    } finally {
      env.pacer.mobileQueryCents = 0;
      env.configure({ PACER_DAILY_BUDGET_USD: undefined });
    }
  });
});

describe.skipIf(HAS_CORPUS)("PACER adapter", () => {
  it.skip(NO_CORPUS_MESSAGE, () => undefined);
});
