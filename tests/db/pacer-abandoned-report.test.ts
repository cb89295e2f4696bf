// A process killed after PACER billed a docket report but before the fee or the case was recorded leaves the
// report's reservation in flight and no hold on the case. Such a reservation, past its fetch's deadline by the
// database's clock, is taken as a report sent and never answered: kept as the estimate, the case held (503 with
// when to come back), and the report not bought again at once by the next query or the retried refresh step.
// A reservation within its deadline is another fetch's, under way: it holds nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CaseResponse } from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import { refreshCases } from "@/lib/refresh/refresh-cases";
import { budgetState, reserveReportFee, settleReportFee } from "@/lib/sources/pacer/fee-ledger";
import { abandonedAfterMs, holdAbandonedReports } from "@/lib/sources/pacer/hold-abandoned-reports";
import { lookupPacerCase } from "@/lib/sources/pacer/lookup-pacer-case";
import { pacerSettings } from "@/lib/sources/pacer/pacer-settings";
import { formatFeeSummary, summarizeFees } from "@/lib/sources/pacer/summarize-fees";
import { callRoute } from "../helpers/call-route";
import { HAS_CORPUS } from "../helpers/corpus";
import { startPacerEnvironment, type PacerEnvironment } from "../helpers/replay/pacer-environment";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

vi.hoisted(() => {
  process.env.PACER_USERNAME = "replay-user";
  process.env.PACER_PASSWORD = "correct horse battery staple";
});
vi.mock("@/lib/payments/run-paid", async () => (await import("../helpers/payment-stand-in")).paymentStandIn("0x00000000000000000000000000000000000000aa"));

const MAD = "pacer/district/mad_193254.html";

let env: PacerEnvironment;
beforeAll(async () => {
  env = await startPacerEnvironment();
});
afterAll(async () => env?.close());

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("a docket report left in flight by a fetch that died, on %s", (name, target) => {
  const database = databaseForSuite(target, (opened) => useDatabase(opened.db));
  const prisma = () => database().db.prisma;
  let serial = 0;
  const host = () => {
    serial += 1;
    return env.pacer.host(MAD, { court: "mad", caseId: `1:${name === "pglite" ? "24" : "25"}-cv-${String(61000 + serial * 13 + Math.floor(Math.random() * 10)).padStart(5, "0")}` });
  };
  const query = (caseId: string) =>
    callRoute<CaseResponse & { error: { code: string; message: string; estimated_recovery_at?: string } }>(getCase, "/v2/case", { query: { case_id: caseId, court_code: "mad" } });
  const reports = () => env.server.requests(/DktRpt\.pl/).length;
  /** The reservation a fetch writes before asking for the report, written `ageMs` ago by the database's clock. */
  const reservation = (caseId: string, kind: string, ageMs: number) =>
    prisma().$executeRawUnsafe(
      `INSERT INTO pacer_fees (at, court_code, case_id, kind, bytes, billed_pages, cost_cents, cause, estimated, in_flight, written_at, fetch_deadline_ms)
       VALUES (now(), 'mad', $1, $2, 0, 30, 300, 'req_killed', true, true, clock_timestamp() - $3::int * interval '1 millisecond', $4)`,
      caseId,
      kind,
      ageMs,
      pacerSettings()!.reportTimeoutMs,
    );
  const fees = (caseId: string) => prisma().pacerFee.findMany({ where: { caseId, kind: { startsWith: "docket" } }, select: { kind: true, costCents: true, estimated: true, inFlight: true }, orderBy: { id: "asc" } });

  beforeEach(async () => {
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
  });

  it("a query after the crash does not buy the report again: the reservation stays as the estimate, and the case is held (503, when to come back)", async () => {
    const hosted = host();
    // The killed fetch had looked the case up (its mapping is stored) and reserved the report's fee; PACER billed it.
    expect((await lookupPacerCase({ prisma: prisma(), settings: pacerSettings()!, courtCode: "mad", caseId: hosted.caseId })).kind).toBe("found");
    await reservation(hosted.caseId, "docket_full", abandonedAfterMs() + 5_000);
    const before = reports();

    const answer = await query(hosted.caseId);
    // Before: 200, the report bought a second time at once (two bills for one docket).
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe("source_unavailable");
    expect(answer.body.error.message).toMatch(/Nothing was charged/);
    const recoveryMs = Date.parse(answer.body.error.estimated_recovery_at!) - Date.now();
    expect(recoveryMs).toBeGreaterThan(14 * 60_000);
    expect(recoveryMs).toBeLessThanOrEqual(15 * 60_000);
    expect(reports()).toBe(before);
    expect(await fees(hosted.caseId)).toEqual([{ kind: "docket_full", costCents: 300, estimated: true, inFlight: false }]);
    expect(await prisma().pacerCase.findFirst({ where: { caseId: hosted.caseId }, select: { reportFailures: true } })).toEqual({ reportFailures: 1 });
    // The operator's summary shows it as an estimate.
    const summary = await summarizeFees(prisma(), new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000));
    expect(summary.estimatedRequests).toBeGreaterThanOrEqual(1);
    expect(formatFeeSummary(summary)).toMatch(/of which estimated: .* reports left unanswered/);

    // Asked again while it holds: still nothing bought, and the case is held once, not once per query.
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    expect((await query(hosted.caseId)).status).toBe(503);
    expect(reports()).toBe(before);
    expect(await prisma().pacerCase.findFirst({ where: { caseId: hosted.caseId }, select: { reportFailures: true } })).toEqual({ reportFailures: 1 });
    // Once the wait is over the report is bought, and its answer ends the hold.
    await prisma().$executeRawUnsafe("UPDATE pacer_cases SET report_failed_at = report_failed_at - interval '16 minutes' WHERE case_id = $1", hosted.caseId);
    await prisma().$executeRawUnsafe("DELETE FROM source_fetches");
    expect((await query(hosted.caseId)).status).toBe(200);
    expect(reports()).toBe(before + 1);
    expect(await prisma().pacerCase.findFirst({ where: { caseId: hosted.caseId }, select: { reportFailures: true } })).toEqual({ reportFailures: 0 });
  });

  it("the refresh step retried after its process was killed mid-report waits for the hold instead of buying the report again", async () => {
    const hosted = host();
    expect((await query(hosted.caseId)).status).toBe(200);
    // The feed showed a filing: the run reads the case. Its process dies after PACER billed the report.
    await prisma().$executeRawUnsafe(
      "UPDATE pacer_cases SET changed_at = now() + interval '1 minute', changed_seen_at = now() + interval '1 minute' WHERE case_id = $1",
      hosted.caseId,
    );
    await reservation(hosted.caseId, "docket_since", abandonedAfterMs() + 5_000);
    const before = reports();
    // Inngest's retry of the step.
    const retry = await refreshCases({ prisma: prisma(), court: findCourt("mad")!, caseIds: [hosted.caseId], now: new Date(), concurrency: 1 });
    // Before: refreshed 1, the report bought again.
    expect(retry).toMatchObject({ refreshed: 0, skipped: 1 });
    expect(reports()).toBe(before);
    expect((await fees(hosted.caseId)).filter((fee) => fee.kind === "docket_since")).toEqual([{ kind: "docket_since", costCents: 300, estimated: true, inFlight: false }]);
    expect(await prisma().pacerCase.findFirst({ where: { caseId: hosted.caseId }, select: { reportFailures: true } })).toEqual({ reportFailures: 1 });
  });

  it("instances that find the same abandoned report at once hold the case once", async () => {
    const hosted = host();
    expect((await lookupPacerCase({ prisma: prisma(), settings: pacerSettings()!, courtCode: "mad", caseId: hosted.caseId })).kind).toBe("found");
    await reservation(hosted.caseId, "docket_full", abandonedAfterMs() + 5_000);
    const found = await Promise.all([0, 1, 2].map(() => holdAbandonedReports(prisma(), "mad", [hosted.caseId])));
    expect(found.flat()).toEqual([hosted.caseId]);
    expect(await prisma().pacerCase.findFirst({ where: { caseId: hosted.caseId }, select: { reportFailures: true } })).toEqual({ reportFailures: 1 });
  });

  /** A reservation as a fetch of an instance whose fetches wait `deadlineMs` writes it, then aged `ageMs` by the database's clock. */
  const reservedBy = async (caseId: string, deadlineMs: number, ageMs: number) => {
    const reserved = await reserveReportFee(prisma(), { ...pacerSettings()!, reportTimeoutMs: deadlineMs }, { at: new Date(), courtCode: "mad", caseId, kind: "docket_full" });
    if (!("id" in reserved)) throw new Error("budget spent");
    await prisma().$executeRawUnsafe("UPDATE pacer_fees SET written_at = written_at - $2::int * interval '1 millisecond' WHERE id = $1", reserved.id, ageMs);
    return reserved.id;
  };

  it("a reservation of an instance whose fetches wait longer (its own SOURCE_TIMEOUT_MS) is not abandoned before its own deadline", async () => {
    const hosted = host();
    expect((await lookupPacerCase({ prisma: prisma(), settings: pacerSettings()!, courtCode: "mad", caseId: hosted.caseId })).kind).toBe("found");
    // Another instance (SOURCE_TIMEOUT_MS=120000, e.g. mid-way through a deploy that raises it) is still waiting
    // for the report, past this instance's deadline and margin but within its own.
    await reservedBy(hosted.caseId, 120_000, abandonedAfterMs() + 5_000);
    // Before: taken as abandoned, the case held while the report was still being read.
    expect(await holdAbandonedReports(prisma(), "mad", [hosted.caseId])).toEqual([]);
    expect(await fees(hosted.caseId)).toEqual([{ kind: "docket_full", costCents: 300, estimated: true, inFlight: true }]);
    // Past its own deadline and the margin, it is.
    await prisma().$executeRawUnsafe(
      "UPDATE pacer_fees SET written_at = clock_timestamp() - $2::int * interval '1 millisecond' WHERE case_id = $1",
      hosted.caseId,
      abandonedAfterMs(120_000) + 1_000,
    );
    expect(await holdAbandonedReports(prisma(), "mad", [hosted.caseId])).toEqual([hosted.caseId]);
    expect(await prisma().pacerCase.findFirst({ where: { caseId: hosted.caseId }, select: { reportFailures: true } })).toEqual({ reportFailures: 1 });
  });

  it("a fetch that outlived its deadline and the margin (taken as abandoned) and then settles leaves one row, the bill, counted once", async () => {
    const hosted = host();
    expect((await lookupPacerCase({ prisma: prisma(), settings: pacerSettings()!, courtCode: "mad", caseId: hosted.caseId })).kind).toBe("found");
    const id = await reservedBy(hosted.caseId, pacerSettings()!.reportTimeoutMs, abandonedAfterMs() + 5_000);
    expect(await holdAbandonedReports(prisma(), "mad", [hosted.caseId])).toEqual([hosted.caseId]);
    const spentBefore = (await budgetState(prisma(), pacerSettings()!, new Date())).dayCents;
    // The fetch was alive after all (its process stalled): its answer comes, with PACER's receipt.
    await settleReportFee(prisma(), id, { bytes: 20_000, billedPages: 5, costCents: 50 });
    expect(await fees(hosted.caseId)).toEqual([{ kind: "docket_full", costCents: 50, estimated: false, inFlight: false }]);
    expect((await budgetState(prisma(), pacerSettings()!, new Date())).dayCents).toBe(spentBefore + 50);
  });

  it("a reservation that does not say its fetch's deadline (written by the release before) is given the longest one allowed", async () => {
    const hosted = host();
    expect((await lookupPacerCase({ prisma: prisma(), settings: pacerSettings()!, courtCode: "mad", caseId: hosted.caseId })).kind).toBe("found");
    await reservation(hosted.caseId, "docket_full", abandonedAfterMs() + 5_000);
    await prisma().$executeRawUnsafe("UPDATE pacer_fees SET fetch_deadline_ms = NULL WHERE case_id = $1", hosted.caseId);
    // Before: taken as abandoned after this instance's deadline, though the instance that wrote it may wait up to 120 s.
    expect(await holdAbandonedReports(prisma(), "mad", [hosted.caseId])).toEqual([]);
    await prisma().$executeRawUnsafe(
      "UPDATE pacer_fees SET written_at = clock_timestamp() - $2::int * interval '1 millisecond' WHERE case_id = $1",
      hosted.caseId,
      abandonedAfterMs(120_000) + 1_000,
    );
    expect(await holdAbandonedReports(prisma(), "mad", [hosted.caseId])).toEqual([hosted.caseId]);
  });

  it("a reservation within its fetch's deadline (another fetch of the case under way) holds nothing: the report is bought, the other's reservation left as it is", async () => {
    const hosted = host();
    expect((await lookupPacerCase({ prisma: prisma(), settings: pacerSettings()!, courtCode: "mad", caseId: hosted.caseId })).kind).toBe("found");
    // Just written: another instance is asking for the report now.
    await reservation(hosted.caseId, "docket_full", 0);
    const before = reports();
    expect((await query(hosted.caseId)).status).toBe(200);
    expect(reports()).toBe(before + 1);
    const rows = await fees(hosted.caseId);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({ kind: "docket_full", costCents: 300, estimated: true, inFlight: true });
    expect(rows[1]).toMatchObject({ kind: "docket_full", estimated: false, inFlight: false });
    // A fetch's own reservation is stamped by the database's clock, which is what its deadline is read against.
    const stamps = await prisma().pacerFee.findMany({ where: { caseId: hosted.caseId }, select: { writtenAt: true, fetchDeadlineMs: true } });
    for (const stamp of stamps) expect(stamp.writtenAt).toBeInstanceOf(Date);
    // With its own deadline, which another instance reads it against.
    expect(stamps[1]!.fetchDeadlineMs).toBe(pacerSettings()!.reportTimeoutMs);
    expect(await prisma().pacerCase.findFirst({ where: { caseId: hosted.caseId }, select: { reportFailures: true, reportFailedAt: true } })).toEqual({ reportFailures: 0, reportFailedAt: null });
  });
});
