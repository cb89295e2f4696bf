// Batches over the live sources, end to end over real HTTP: PACER and the free public docket systems (the
// Supreme Court, TAMES, ACIS) on replay servers (tests/helpers/replay), the production adapters and cache on
// PGlite and PostgreSQL. Payment is the one stand-in (tests/payments covers x402).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { BatchResponse } from "@/contract";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { GET as getCase } from "@/app/v2/case/route";
import { GET as getMonitor } from "@/app/v2/monitor/route";
import { useDatabase } from "@/lib/db";
import { callRoute } from "../helpers/call-route";
import { HAS_CORPUS, NO_CORPUS_MESSAGE } from "../helpers/corpus";
import { startPacerEnvironment, TEST_LOGIN, type PacerEnvironment } from "../helpers/replay/pacer-environment";
import { REPLAY_HTTP_SETTINGS } from "../helpers/replay/replay-server";
import { startPublicDocketsEnvironment, type PublicDocketsEnvironment } from "../helpers/replay/public-dockets-environment";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

vi.hoisted(() => {
  // The registry computes coverage when first imported: PACER and the free systems must be configured before that.
  process.env.PACER_USERNAME = "replay-user";
  process.env.PACER_PASSWORD = "correct horse battery staple";
  process.env.PUBLIC_DOCKET_SYSTEMS = "scotus,tames,acis";
});
vi.mock("@/lib/payments/run-paid", async () => (await import("../helpers/payment-stand-in")).paymentStandIn("0x00000000000000000000000000000000000000ad"));

const LAED = "pacer/district/laed_127926.html"; // 58 entries
type Result = BatchResponse["results"][number] & { error?: { code: string; message: string; retry_after?: number } };
const batch = (queries: Array<Record<string, string>>) => callRoute<BatchResponse & { results: Result[] }>(postBatch, "/v2/cases/batch", { body: { queries } });

let pacer: PacerEnvironment;
let free: PublicDocketsEnvironment;
beforeAll(async () => {
  if (!HAS_CORPUS) return;
  free = await startPublicDocketsEnvironment();
  pacer = await startPacerEnvironment();
});
afterAll(async () => {
  await pacer?.close();
  await free?.close();
});

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("a batch over the live sources on %s", (_name, target) => {
  const database = databaseForSuite(target, (opened) => useDatabase(opened.db));
  const prisma = () => database().db.prisma;
  let serial = 0;
  /** The laed docket hosted under a fresh case number, so tests never share cache rows. */
  const host = (extra: { sealed?: boolean } = {}) => {
    serial += 1;
    const caseId = `2:${target.name === "pglite" ? "25" : "26"}-cv-${String(60000 + serial * 43 + Math.floor(Math.random() * 30)).padStart(5, "0")}`;
    return pacer.pacer.host(LAED, { court: "laed", caseId, ...extra });
  };
  const reports = (caseIds: readonly string[]) => prisma().pacerFee.count({ where: { caseId: { in: [...caseIds] }, kind: "docket_full" } });

  beforeEach(() => {
    pacer.server.clearFaults();
    free.server.clearFaults();
    pacer.configure({ PACER_PASSWORD: TEST_LOGIN.password, PACER_DAILY_BUDGET_USD: undefined, X402_MAX_TIMEOUT_SECONDS: undefined });
  });

  it("PACER, TAMES, ACIS and the Supreme Court in one batch: each result says its own outcome, a case asked twice (or retyped) is bought once, the batch is priced N x 0.99", async () => {
    const found = host();
    const sealed = host({ sealed: true });
    const retyped = found.caseId.replace(/-0(\d{4})$/, "-$1");
    free.server.fail({ match: /Case\.aspx/, kind: "status", status: 503 });
    const answer = await batch([
      { case_id: found.caseId, court_code: "laed" },
      { case_id: retyped, court_code: "laed", context: "full" },
      { case_id: found.caseId, court_code: "laed" },
      { case_id: sealed.caseId, court_code: "laed" },
      { case_id: found.caseId.replace(/\d{5}$/, "09999"), court_code: "laed" },
      { case_id: "20-1268", court_code: "scotus" },
      { case_id: "99-9999", court_code: "scotus" },
      { case_id: "03-18-00261-CV", court_code: "texapp3" },
      { case_id: "SC2026-0703", court_code: "fla" },
    ]);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.results.map((result) => result.status === "success" ? "success" : result.error!.code)).toEqual([
      "success", "success", "success", "case_not_found", "case_not_found", "success", "case_not_found", "source_unavailable", "success",
    ]);
    expect(answer.body.results[1]!.case_id).toBe(retyped); // echoed as sent
    expect(answer.body.results[3]!.error!.message).toMatch(/is sealed/);
    expect(answer.body.meta).toMatchObject({ batch_size: 9, successful: 5, failed: 4, total_cost_usd: 8.91 });
    expect(await reports([found.caseId])).toBe(1);
  });


  // Reports that take 2 s of the fetch's 3.5 s deadline; the court's host takes two requests at once (by
  // COURT_HTTP_CONCURRENCY, or by the host's own COURT_HTTP_HOST_LIMITS rule over a default of four: the CM/ECF
  // hosts are 127.0.0.1 here). Read two at a time, each has 1.5 s to spare (a loaded machine's parsing and
  // writes); read four at once, the last two wait 2 s for the host and end 0.5 s past their deadline at the
  // earliest, whatever the load.
  it.each([
    ["its host takes (COURT_HTTP_CONCURRENCY)", { COURT_HTTP_CONCURRENCY: "2" }],
    ["its host's own COURT_HTTP_HOST_LIMITS rule lets run", { COURT_HTTP_CONCURRENCY: "4", COURT_HTTP_HOST_LIMITS: "127.0.0.1=1000/2" }],
  ])("cases of one court read no more at once than %s: each report has its whole deadline, as a single query's has", async (_label, limits) => {
    pacer.configure({ ...limits, SOURCE_TIMEOUT_MS: "3500" });
    try {
      const cases = Array.from({ length: 4 }, () => host());
      pacer.server.fail({ match: /DktRpt\.pl/, kind: "slow", delayMs: 2000 });
      const answer = await batch(cases.map((hosted) => ({ case_id: hosted.caseId, court_code: "laed" })));
      expect(answer.status, answer.text).toBe(200);
      // Before: four read at once (min(4, COURT_HTTP_CONCURRENCY), the host's own rule ignored), the last reports
      // waited for the host and were cut off at their fetch's deadline: 503, counted at PACER's cap ($3.00,
      // estimated) and their cases held back.
      expect(answer.body.results.map((result) => result.status)).toEqual(["success", "success", "success", "success"]);
      const fees = await prisma().pacerFee.findMany({ where: { caseId: { in: cases.map((hosted) => hosted.caseId) } } });
      expect(fees.map((fee) => fee.estimated)).toEqual([false, false, false, false]);
      expect(await prisma().pacerCase.count({ where: { caseId: { in: cases.map((hosted) => hosted.caseId) }, reportFailures: { gt: 0 } } })).toBe(0);
    } finally {
      pacer.configure({ COURT_HTTP_CONCURRENCY: REPLAY_HTTP_SETTINGS.COURT_HTTP_CONCURRENCY, COURT_HTTP_HOST_LIMITS: undefined, SOURCE_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.SOURCE_TIMEOUT_MS });
    }
  });

  it("cases of several courts one host serves (TAMES' Texas courts) read no more at once than that host takes", async () => {
    // The same shape as the PACER case above, across four courts of one court system (search.txcourts.gov);
    // each page's request may take its whole fetch's deadline.
    pacer.configure({ COURT_HTTP_CONCURRENCY: "2", SOURCE_TIMEOUT_MS: "3500", COURT_HTTP_TIMEOUT_MS: "3500" });
    try {
      free.server.fail({ match: /Case\.aspx/, kind: "slow", delayMs: 2000 });
      const cases = [["01-25-00011-CV", "texapp1"], ["02-82-00084-CV", "texapp2"], ["03-20-00601-CV", "texapp3"], ["05-25-00919-CV", "texapp5"]];
      const answer = await batch(cases.map(([caseId, court]) => ({ case_id: caseId!, court_code: court! })));
      expect(answer.status, answer.text).toBe(200);
      // Before: the four courts were read at once, the last two waited for the host and were cut off: 503.
      expect(answer.body.results.map((result) => result.status === "success" ? "success" : result.error!.code)).toEqual(["success", "success", "success", "success"]);
    } finally {
      pacer.configure({ COURT_HTTP_CONCURRENCY: REPLAY_HTTP_SETTINGS.COURT_HTTP_CONCURRENCY, SOURCE_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.SOURCE_TIMEOUT_MS, COURT_HTTP_TIMEOUT_MS: REPLAY_HTTP_SETTINGS.COURT_HTTP_TIMEOUT_MS });
    }
  });

  it("a batch whose reads would outlast its payment's validity: the cases whose turn comes too late are answered 503 unread, and their court is not asked", async () => {
    // Half of a 30 s authorization, less the settlement's time, leaves no room past the batch's first read.
    pacer.configure({ X402_MAX_TIMEOUT_SECONDS: "30" });
    const cases = Array.from({ length: 6 }, () => host());
    const answer = await batch(cases.map((hosted) => ({ case_id: hosted.caseId, court_code: "laed" })));
    expect(answer.status, answer.text).toBe(200);
    const unread = answer.body.results.filter((result) => result.status === "error");
    // Before: all six were read, however long that took (50 cases of a slow court: 13 rounds of SOURCE_TIMEOUT_MS).
    expect(unread).toHaveLength(5);
    for (const result of unread) {
      expect(result.error).toMatchObject({ code: "source_unavailable", retry_after: 1 });
      expect(result.error!.message).toMatch(/not read: this batch's time to read its courts ran out/);
    }
    expect(await reports(cases.map((hosted) => hosted.caseId))).toBe(1);
    expect(answer.body.meta).toMatchObject({ successful: 1, failed: 5 });
  });
});

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("a batch's unread cases cached but no longer tracked, on %s", (_name, target) => {
  const database = databaseForSuite(target, (opened) => useDatabase(opened.db));
  const prisma = () => database().db.prisma;

  it("are served as last refreshed, and a change check on them answers 503 rather than 'no change'", async () => {
    pacer.configure({ PACER_PASSWORD: TEST_LOGIN.password, X402_MAX_TIMEOUT_SECONDS: undefined });
    pacer.server.clearFaults();
    const cases = Array.from({ length: 3 }, (_, i) =>
      pacer.pacer.host(LAED, { court: "laed", caseId: `2:${target.name === "pglite" ? "21" : "22"}-cv-${String(70000 + i * 37 + Math.floor(Math.random() * 30)).padStart(5, "0")}` }),
    );
    for (const hosted of cases) expect((await callRoute(getCase, "/v2/case", { query: { case_id: hosted.caseId, court_code: "laed" } })).status).toBe(200);
    // Read 40 days ago and not queried since: no refresh kept them current, so a query reads them again.
    await prisma().$executeRawUnsafe(
      "UPDATE cases SET last_queried_at = last_queried_at - interval '40 days', last_refreshed_at = last_refreshed_at - interval '40 days' WHERE court_code = 'laed' AND case_id = ANY($1::text[])",
      cases.map((hosted) => hosted.caseId),
    );
    const reportsBefore = await prisma().pacerFee.count({ where: { caseId: { in: cases.map((hosted) => hosted.caseId) }, kind: "docket_full" } });
    pacer.configure({ X402_MAX_TIMEOUT_SECONDS: "30" });
    try {
      const answer = await batch(cases.map((hosted) => ({ case_id: hosted.caseId, court_code: "laed" })));
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.results.map((result) => result.status)).toEqual(["success", "success", "success"]);
    } finally {
      pacer.configure({ X402_MAX_TIMEOUT_SECONDS: undefined });
    }
    const rows = await prisma().case.findMany({ where: { courtCode: "laed", caseId: { in: cases.map((hosted) => hosted.caseId) } }, select: { caseId: true, unansweredSince: true } });
    const unread = rows.filter((row) => row.unansweredSince !== null).map((row) => row.caseId);
    // The first read started; its court was asked about no other.
    expect(unread).toHaveLength(2);
    expect(await prisma().pacerFee.count({ where: { caseId: { in: cases.map((hosted) => hosted.caseId) }, kind: "docket_full" } })).toBeLessThanOrEqual(reportsBefore + 1);
    const check = await callRoute<{ error?: { code: string } }>(getMonitor, "/v2/monitor", { query: { case_id: unread[0]!, court_code: "laed", last_checked: new Date().toISOString() } });
    expect(check.status, check.text).toBe(503);
    expect(check.body.error?.code).toBe("source_unavailable");
  });
});

describe.skipIf(HAS_CORPUS)("batches over the live sources", () => {
  it.skip(NO_CORPUS_MESSAGE, () => undefined);
});
