// The live query path on PGlite and PostgreSQL: route handlers in-process, the real cache, the real
// fetch/normalize/store pipeline, and a scripted source. Payment is the one stand-in here (the payment
// gate lets every live request through); tests/http covers x402 itself.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { batchResponseSchema, caseResponseSchema, monitorResponseSchema, statusResponseSchema, type CaseResponse } from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { GET as getMonitor } from "@/app/v2/monitor/route";
import { GET as getStatus } from "@/app/v2/status/route";
import { GET as getStatusPage } from "@/app/route";
import { fetchThroughLease } from "@/lib/cases/fetch-missing-case";
import { RESPONSE_LIMIT_BYTES } from "@/lib/cases/fit-docket";
import { recordCourtRun, UNHEALTHY_AFTER_FAILED_RUNS } from "@/lib/courts/court-health";
import { findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import { openDatabase } from "@/lib/db/open-database";
import { MISSING_AFTER_REFRESHES } from "@/lib/refresh/record-vanished-case";
import { refreshCourt } from "@/lib/refresh/refresh-court";
import type { SourceEntry } from "@/lib/sources/types";
import { callRoute } from "../helpers/call-route";
import { expectErrorEnvelope } from "../helpers/envelope";
import { civilCase, scriptedSource } from "../helpers/scripted-source";
import { EACH_DATABASE, databaseForSuite, type TestDatabase } from "../helpers/test-database";

vi.mock("@/lib/sources/registry", async () => {
  const { scriptedSource: source } = await import("../helpers/scripted-source");
  return { sourceForCourt: () => source };
});
// The payment stand-in: every live request is "paid" by one wallet; tests/http covers x402 for real.
vi.mock("@/lib/payments/run-paid", async () => (await import("../helpers/payment-stand-in")).paymentStandIn("0x00000000000000000000000000000000000000aa"));

let counter = 0;
/** A fresh case number per test, so tests never share cache rows. */
const nextCaseId = () => `1:26-cv-${String(10000 + (counter += 1) + Math.floor(Math.random() * 50000)).padStart(5, "0")}`;

const queryCase = (params: Record<string, string | undefined>) => callRoute<CaseResponse>(getCase, "/v2/case", { query: params });

describe.each(EACH_DATABASE)("live cases on %s", (_name, target) => {
  const database = databaseForSuite(target, (opened) => useDatabase(opened.db));
  beforeEach(() => scriptedSource.reset());

  it("fetches a case on a cache miss once, stores it, and answers with cache_age_seconds 0", async () => {
    const caseId = nextCaseId();
    scriptedSource.put("nysd", civilCase(caseId));
    const first = await queryCase({ case_id: caseId, court_code: "nysd", context: "full" });
    expect(first.status, first.text).toBe(200);
    expect(caseResponseSchema.safeParse(first.body).success).toBe(true);
    expect(first.body.meta).toMatchObject({ cache_age_seconds: 0, query_cost_usd: 0.99, sandbox: false, coverage_status: "full" });
    expect(first.body.case).toMatchObject({
      case_name: "Acme Widgets LLC v. Globex Corp.",
      case_type: "civil",
      status: "open",
      jury_demand: "both",
      primary_parties: [
        { name: "Acme Widgets LLC", type: "plaintiff" },
        { name: "Globex Corp.", type: "defendant" },
      ],
    });
    const history = (first.body.case as { docket_history: unknown[] }).docket_history;
    expect(history).toEqual([
      {
        entry_number: 1,
        filed_at: "2026-01-05T00:00:00-05:00",
        filing_type: "complaint",
        filed_by: null,
        description: "COMPLAINT against Globex Corp.",
        document_identifier: "0123",
        document_identifier_type: "fed_doc_id",
        external_url: "https://ecf.nysd.uscourts.gov/doc1/0123",
      },
    ]);

    const second = await queryCase({ case_id: caseId, court_code: "nysd" });
    expect(second.status).toBe(200);
    expect(scriptedSource.fetchCount("nysd", caseId)).toBe(1);
    expect(Date.parse(second.body.meta.queried_at)).toBeGreaterThanOrEqual(Date.parse(first.body.meta.queried_at));
  });

  it("reports cache_age_seconds from the last successful refresh, and the court's coverage", async () => {
    // The Court of Appeals for Veterans Claims is `partial` (record-of-proceedings documents are not linked).
    const caseId = "18-3815";
    scriptedSource.put("cavc", civilCase(caseId));
    expect((await queryCase({ case_id: caseId, court_code: "cavc" })).status).toBe(200);
    await database().db.prisma.case.update({
      where: { courtCode_caseId: { courtCode: "cavc", caseId } },
      data: { lastRefreshedAt: new Date(Date.now() - 125_000) },
    });
    const answer = await queryCase({ case_id: caseId, court_code: "cavc" });
    expect(answer.body.meta.coverage_status).toBe("partial");
    expect(answer.body.meta.cache_age_seconds).toBeGreaterThanOrEqual(125);
    expect(answer.body.meta.cache_age_seconds).toBeLessThan(140);
  });

  it("lets concurrent misses for one case share a single source fetch", async () => {
    const caseId = nextCaseId();
    scriptedSource.put("nysd", civilCase(caseId));
    scriptedSource.delayMs = 300;
    const answers = await Promise.all(Array.from({ length: 8 }, () => queryCase({ case_id: caseId, court_code: "nysd" })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(scriptedSource.fetchCount("nysd", caseId)).toBe(1);
  });

  it("shares one fetch across instances through the database lease", async () => {
    const caseId = nextCaseId();
    scriptedSource.put("nysd", civilCase(caseId));
    scriptedSource.delayMs = 300;
    // A second client on the same database stands in for another instance (on PGlite: the same database).
    const { url, db } = database();
    const other = url ? await openDatabase({ databaseUrl: url, migrate: false }) : db;
    try {
      const court = findCourt("nysd")!;
      const outcomes = await Promise.all([
        fetchThroughLease({ prisma: database().db.prisma, court, caseId, now: new Date() }),
        fetchThroughLease({ prisma: other.prisma, court, caseId, now: new Date() }),
        fetchThroughLease({ prisma: other.prisma, court, caseId, now: new Date() }),
      ]);
      expect(outcomes).toEqual([{ kind: "stored" }, { kind: "stored" }, { kind: "stored" }]);
      expect(scriptedSource.fetchCount("nysd", caseId)).toBe(1);
    } finally {
      if (other !== db) await other.close();
    }
  });

  it("answers 404 case_not_found for a case the source does not have, uncharged, and remembers it briefly", async () => {
    const caseId = nextCaseId();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await queryCase({ case_id: caseId, court_code: "nysd" });
      expectErrorEnvelope(answer, { code: "case_not_found", parameter: "case_id", message: "Nothing was charged" });
    }
    expect(scriptedSource.fetchCount("nysd", caseId)).toBe(1);
  });

  it("answers 503 source_unavailable with the estimated recovery, uncharged", async () => {
    const caseId = nextCaseId();
    const recovery = new Date(Date.now() + 1_800_000).toISOString();
    scriptedSource.setDown("nysd", recovery);
    const answer = await queryCase({ case_id: caseId, court_code: "nysd" });
    expectErrorEnvelope(answer, { code: "source_unavailable", extra: { estimated_recovery_at: recovery } });
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(1_700);
  });

  it("answers 503 with a Retry-After also when the court gives no recovery time: 60 s, or its cadence once it is unhealthy", async () => {
    const caseId = nextCaseId();
    scriptedSource.setDown("wyd", null);
    const answer = await queryCase({ case_id: caseId, court_code: "wyd" });
    expectErrorEnvelope(answer, { code: "source_unavailable", extra: { retry_after: 60 } });
    expect(answer.headers.get("retry-after")).toBe("60");
    for (let run = 0; run < UNHEALTHY_AFTER_FAILED_RUNS; run += 1) {
      await recordCourtRun(database().db.prisma, "wyd", { answered: false, error: "scripted outage" }, new Date());
    }
    const later = await queryCase({ case_id: nextCaseId(), court_code: "wyd" });
    expect(later.status).toBe(503);
    expect(later.headers.get("retry-after")).toBe(String(findCourt("wyd")!.refresh_cadence_seconds));
    await recordCourtRun(database().db.prisma, "wyd", { answered: true, error: null }, new Date());
  });

  it("answers 503 when the source does not answer in time", async () => {
    scriptedSource.put("nysd", civilCase("1:26-cv-99001"));
    scriptedSource.delayMs = 60_000;
    const started = Date.now();
    const { fetchFromSource } = await import("@/lib/sources/fetch-from-source");
    const outcome = await fetchFromSource({ court: findCourt("nysd")!, caseId: "1:26-cv-99001", now: new Date(), timeoutMs: 200 });
    expect(outcome).toMatchObject({ kind: "unavailable", reason: expect.stringContaining("200 ms") });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("sees every filing exactly once when each queried_at is passed back as last_checked, also for late-docketed filings", async () => {
    const caseId = nextCaseId();
    const entries: SourceEntry[] = [{ number: 1, filed: "2026-01-05", text: "COMPLAINT", documentId: "1" }];
    scriptedSource.put("nysd", civilCase(caseId, entries));
    const first = await queryCase({ case_id: caseId, court_code: "nysd" });
    let lastChecked = first.body.meta.queried_at;
    const seen = new Map<number, number>();
    let next = 2;
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const court = findCourt("nysd")!;
    for (let round = 0; round < 12; round += 1) {
      // The source gains 0-3 filings, dated up to six hours before the agent's previous check.
      for (let k = Math.floor(random() * 4); k > 0; k -= 1) {
        const filed = new Date(Date.parse(lastChecked) - Math.floor(random() * 6 * 3_600_000)).toISOString();
        entries.push({ number: next, filed, text: `ORDER number ${next}`, documentId: String(next) });
        next += 1;
      }
      scriptedSource.put("nysd", civilCase(caseId, entries));
      // A refresh and the agent's check race each other.
      const [, check] = await Promise.all([
        refreshCourtCases(court.court_code, caseId),
        queryCase({ case_id: caseId, court_code: "nysd", last_checked: lastChecked }),
      ]);
      expect(check.status, check.text).toBe(200);
      for (const filing of check.body.delta!.new_filings) seen.set(filing.entry_number!, (seen.get(filing.entry_number!) ?? 0) + 1);
      lastChecked = check.body.meta.queried_at;
    }
    const last = await queryCase({ case_id: caseId, court_code: "nysd", last_checked: lastChecked });
    for (const filing of last.body.delta!.new_filings) seen.set(filing.entry_number!, (seen.get(filing.entry_number!) ?? 0) + 1);
    expect(next).toBeGreaterThan(8);
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: next - 2 }, (_, index) => index + 2));
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
  });

  async function refreshCourtCases(courtCode: string, caseId: string) {
    const { refreshCases } = await import("@/lib/refresh/refresh-cases");
    return refreshCases({ prisma: database().db.prisma, court: findCourt(courtCode)!, caseIds: [caseId], now: new Date() });
  }

  it("fetches a caller's cache miss as live work and a refresh as background work (a court's pace serves callers first)", async () => {
    const caseId = nextCaseId();
    scriptedSource.put("nysd", civilCase(caseId));
    const from = scriptedSource.priorities.length;
    expect((await queryCase({ case_id: caseId, court_code: "nysd" })).status).toBe(200);
    await refreshCourtCases("nysd", caseId);
    expect(scriptedSource.priorities.slice(from)).toEqual(["live", "background"]);
  });

  it("monitor counts what the delta counts", async () => {
    const caseId = nextCaseId();
    const entries: SourceEntry[] = [{ number: 1, filed: "2026-01-05", text: "COMPLAINT", documentId: "1" }];
    scriptedSource.put("nysd", civilCase(caseId, entries));
    const before = (await queryCase({ case_id: caseId, court_code: "nysd" })).body.meta.queried_at;
    entries.push({ number: 2, filed: "2026-02-01T10:00:00", text: "MOTION to dismiss", documentId: "2" });
    entries.push({ number: 3, filed: "2026-02-02", text: "ORDER denying motion", documentId: "3" });
    scriptedSource.put("nysd", civilCase(caseId, entries));
    await refreshCourtCases("nysd", caseId);
    const monitor = await callRoute(getMonitor, "/v2/monitor", { query: { case_id: caseId, court_code: "nysd", last_checked: before } });
    expect(monitor.status).toBe(200);
    expect(monitorResponseSchema.safeParse(monitor.body).success).toBe(true);
    expect(monitor.body).toMatchObject({ changed: true, change_count: 2, latest_activity_at: "2026-02-02T00:00:00-05:00" });
    const delta = (await queryCase({ case_id: caseId, court_code: "nysd", last_checked: before, filing_types: "motion" })).body.delta!;
    expect(delta).toMatchObject({ changed: true, change_count: 2 });
    expect(delta.new_filings.map((filing) => filing.entry_number)).toEqual([2]);
  });

  it("answers live timestamps with the court's own offset, so an evening filing keeps its date", async () => {
    const caseId = nextCaseId();
    scriptedSource.put("nysd", civilCase(caseId, [
      { number: 1, filed: "2026-02-01T10:00:00", text: "COMPLAINT", documentId: "1" },
      { number: 2, filed: "2026-02-01T21:30:00", text: "ORDER", documentId: "2" },
      { number: 3, filed: "2026-07-01T21:30:00", text: "ORDER", documentId: "3" },
      { number: 4, filed: "2026-07-02T01:30:00Z", text: "NOTICE", documentId: "4" },
    ]));
    const answer = await queryCase({ case_id: caseId, court_code: "nysd", context: "full", last_checked: "2026-01-01T00:00:00Z" });
    const history = (answer.body.case as { docket_history: Array<{ filed_at: string }> }).docket_history;
    expect(history.map((entry) => entry.filed_at)).toEqual([
      "2026-02-01T10:00:00-05:00",
      "2026-02-01T21:30:00-05:00",
      "2026-07-01T21:30:00-04:00",
      "2026-07-01T21:30:00-04:00",
    ]);
    expect(answer.body.delta!.new_filings.map((entry) => entry.filed_at)).toEqual(history.map((entry) => entry.filed_at));
    const monitor = await callRoute(getMonitor, "/v2/monitor", { query: { case_id: caseId, court_code: "nysd", last_checked: "2026-01-01T00:00:00Z" } });
    expect(monitor.body.latest_activity_at).toBe("2026-07-01T21:30:00-04:00");
  });

  it("stops serving (404, uncharged) a case the source seals at once, and one it no longer finds after repeated refreshes", async () => {
    const sealed = nextCaseId();
    scriptedSource.put("nysd", civilCase(sealed));
    expect((await queryCase({ case_id: sealed, court_code: "nysd" })).status).toBe(200);
    scriptedSource.sealed.add(`nysd|${sealed}`);
    await refreshCourtCases("nysd", sealed);
    const hidden = await queryCase({ case_id: sealed, court_code: "nysd" });
    expectErrorEnvelope(hidden, { code: "case_not_found", extra: { parameter: "case_id" } });
    expect((hidden.body as unknown as { error: { message: string } }).error.message).toMatch(/sealed/);

    const gone = nextCaseId();
    scriptedSource.put("nysd", civilCase(gone));
    expect((await queryCase({ case_id: gone, court_code: "nysd" })).status).toBe(200);
    scriptedSource.cases.delete(`nysd|${gone}`);
    for (let run = 1; run <= MISSING_AFTER_REFRESHES; run += 1) {
      await refreshCourtCases("nysd", gone);
      const answer = await queryCase({ case_id: gone, court_code: "nysd" });
      // A court system sometimes misses a case for a while: served from the cache until the last run.
      expect(answer.status, `after ${run} refreshes`).toBe(run < MISSING_AFTER_REFRESHES ? 200 : 404);
    }
    const missing = await queryCase({ case_id: gone, court_code: "nysd" });
    expectErrorEnvelope(missing, { code: "case_not_found", extra: { parameter: "case_id" } });
    expect((missing.body as unknown as { error: { message: string } }).error.message).toMatch(/no longer found/);
    // Found again: served again.
    scriptedSource.put("nysd", civilCase(gone));
    await refreshCourtCases("nysd", gone);
    expect((await queryCase({ case_id: gone, court_code: "nysd" })).status).toBe(200);
  });

  it("follows the source's status: open, closed on termination, open again on reopening", async () => {
    const caseId = nextCaseId();
    const source = civilCase(caseId);
    scriptedSource.put("nysd", source);
    expect((await queryCase({ case_id: caseId, court_code: "nysd" })).body.case.status).toBe("open");
    scriptedSource.put("nysd", { ...source, dateTerminated: "2026-03-01" });
    await refreshCourtCases("nysd", caseId);
    expect((await queryCase({ case_id: caseId, court_code: "nysd" })).body.case).toMatchObject({ status: "closed", date_terminated: "2026-03-01" });
    scriptedSource.put("nysd", { ...source, dateTerminated: "2026-03-01", dateReopened: "2026-04-15" });
    await refreshCourtCases("nysd", caseId);
    expect((await queryCase({ case_id: caseId, court_code: "nysd" })).body.case).toMatchObject({ status: "open", date_terminated: null });
  });

  it("truncates a live docket at exactly the 2 MB boundary", async () => {
    const caseId = nextCaseId();
    const make = (count: number): SourceEntry[] =>
      Array.from({ length: count }, (_, index) => ({
        number: index + 1,
        filed: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
        text: `MOTION number ${index + 1} ${"x".repeat(300)}`,
        documentId: String(100000 + index),
      }));
    // Find how many entries fit: grow until the full response crosses the limit.
    scriptedSource.put("nysd", civilCase(caseId, make(4000)));
    const probe = await queryCase({ case_id: caseId, court_code: "nysd", context: "full" });
    expect(probe.body.meta.truncated).toBe(true);
    const fitting = probe.body.truncation_details!.returned_entries;
    expect(Buffer.byteLength(probe.text, "utf8")).toBeLessThanOrEqual(RESPONSE_LIMIT_BYTES);

    // A docket of exactly that many entries fits whole; one more, and it is trimmed to the newest ones.
    const under = nextCaseId();
    scriptedSource.put("nysd", civilCase(under, make(fitting)));
    const whole = await queryCase({ case_id: under, court_code: "nysd", context: "full" });
    expect(whole.body.meta.truncated).toBe(false);
    expect(Buffer.byteLength(whole.text, "utf8")).toBeLessThanOrEqual(RESPONSE_LIMIT_BYTES);

    const over = nextCaseId();
    scriptedSource.put("nysd", civilCase(over, make(fitting + 40)));
    const trimmed = await queryCase({ case_id: over, court_code: "nysd", context: "full" });
    expect(trimmed.body.meta.truncated).toBe(true);
    expect(Buffer.byteLength(trimmed.text, "utf8")).toBeLessThanOrEqual(RESPONSE_LIMIT_BYTES);
    const kept = (trimmed.body.case as { docket_history: { entry_number: number }[] }).docket_history;
    expect(kept.at(-1)!.entry_number).toBe(fitting + 40);
    expect(trimmed.body.truncation_details).toMatchObject({ total_entries: fitting + 40, omitted_entries: fitting + 40 - kept.length });
  });

  it("answers a batch in request order with per-query errors, in a bounded number of database reads", async () => {
    const ids = Array.from({ length: 6 }, () => nextCaseId());
    for (const id of ids.slice(0, 4)) scriptedSource.put("nysd", civilCase(id));
    // Warm the cache for the first four.
    for (const id of ids.slice(0, 4)) await queryCase({ case_id: id, court_code: "nysd" });

    const operations = countOperations(database());
    const one = await callRoute(postBatch, "/v2/cases/batch", { body: { queries: [{ case_id: ids[0], court_code: "nysd" }] } });
    const forOne = operations.reset();
    const queries = [...ids.slice(0, 4), ids[0]!, ids[1]!].map((id) => ({ case_id: id, court_code: "nysd", context: "full" }));
    const many = await callRoute(postBatch, "/v2/cases/batch", { body: { queries } });
    const forMany = operations.reset();
    operations.restore();
    expect(one.status).toBe(200);
    expect(many.status).toBe(200);
    expect(batchResponseSchema.safeParse(many.body).success).toBe(true);
    expect(forMany).toBe(forOne);

    const mixed = await callRoute(postBatch, "/v2/cases/batch", {
      body: { queries: [{ case_id: ids[0], court_code: "nysd" }, { case_id: ids[4], court_code: "nysd" }, { case_id: ids[1], court_code: "nysd" }] },
    });
    expect(mixed.body.meta).toMatchObject({ batch_size: 3, successful: 2, failed: 1, total_cost_usd: 2.97, sandbox: false });
    expect(mixed.body.results.map((result: { status: string }) => result.status)).toEqual(["success", "error", "success"]);
    expect(mixed.body.results[1].error.code).toBe("case_not_found");
    expect(mixed.body.results[0].response.meta.query_cost_usd).toBe(0.99);
  });

  it("marks a court unhealthy after failing refresh runs, and /v2/status reports degraded until it recovers", async () => {
    const caseId = "1:26-cv-70001";
    scriptedSource.put("wyd", { ...civilCase(caseId) });
    expect((await queryCase({ case_id: caseId, court_code: "wyd" })).status).toBe(200);
    const status = async () => (await callRoute(getStatus, "/v2/status")).body;
    expect((await status()).operational_status).toBe("nominal");
    const etagBefore = (await callRoute(getStatus, "/v2/status")).headers.get("etag")!;
    scriptedSource.setDown("wyd");
    const notesOf = (body: { courts: { court_code: string; notes: string | null }[] }) => new Map(body.courts.map((court) => [court.court_code, court.notes]));
    const before = notesOf(await status());
    for (let run = 1; run <= UNHEALTHY_AFTER_FAILED_RUNS; run += 1) {
      await refreshCourt({ prisma: database().db.prisma, courtCode: "wyd", now: new Date() });
      expect((await status()).operational_status).toBe(run < UNHEALTHY_AFTER_FAILED_RUNS ? "nominal" : "degraded");
    }
    const degraded = await status();
    // A copy from before the outage is not current: the notes changed.
    expect((await callRoute(getStatus, "/v2/status", { headers: { "if-none-match": etagBefore } })).status).toBe(200);
    expect(statusResponseSchema.safeParse(degraded).success).toBe(true);
    // Which court, since when and what a query of it does: in its notes (the others' notes are unchanged),
    // and on the status page under the operational status.
    const since = (await database().db.prisma.courtHealth.findUniqueOrThrow({ where: { courtCode: "wyd" } })).unhealthySince!;
    const during = notesOf(degraded);
    expect(during.get("wyd")).toBe(
      `Source not answering since ${since.toISOString()}: cases not cached yet answer 503 source_unavailable; cached cases are served as last refreshed. ${before.get("wyd")}`,
    );
    expect([...during].filter(([code, notes]) => code !== "wyd" && notes !== before.get(code))).toEqual([]);
    const page = await callRoute(getStatusPage, "/");
    expect(page.text).toContain(`Sources not answering: <a href="/#court-wyd"><code>wyd</code></a> (${findCourt("wyd")!.name}, since ${since.toISOString().replace("T", " ").slice(0, 16)} UTC)`);
    scriptedSource.down.clear();
    await refreshCourt({ prisma: database().db.prisma, courtCode: "wyd", now: new Date() });
    const recovered = await status();
    expect(recovered.operational_status).toBe("nominal");
    expect(notesOf(recovered)).toEqual(before);
    expect((await callRoute(getStatus, "/v2/status", { headers: { "if-none-match": etagBefore } })).status).toBe(304);
    expect((await callRoute(getStatusPage, "/")).text).not.toContain("Sources not answering");
  });
});

/** Counts Prisma operations (each is one or a few statements) made through the process's database. */
function countOperations(opened: TestDatabase) {
  let count = 0;
  const counted = opened.db.prisma.$extends({
    query: {
      async $allOperations({ args, query }) {
        count += 1;
        return query(args);
      },
    },
  });
  useDatabase({ ...opened.db, prisma: counted as unknown as typeof opened.db.prisma });
  return {
    reset() {
      const value = count;
      count = 0;
      return value;
    },
    restore() {
      useDatabase(opened.db);
    },
  };
}
