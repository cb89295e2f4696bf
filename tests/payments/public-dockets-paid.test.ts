// Paid queries for the Supreme Court, a Texas and a Florida appellate case, with real x402 payments on a local
// chain (the official client signs, the in-process facilitator settles) and the courts' systems replayed
// over real HTTP from recorded records: the answer is the normalized case, charged once; a case the court
// does not have and a court system that is down answer 404 and 503 and charge nothing; a batch of them is
// charged N x 0.99 once when any query succeeded, nothing when none did, and counts its successes toward the
// wallet's day. Both databases.
import { decodePaymentResponseHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { GET as getCase } from "@/app/v2/case/route";
import { HAS_CORPUS, NO_CORPUS_MESSAGE } from "../helpers/corpus";
import { startPaidEnvironment, type PaidEnvironment } from "../helpers/paid-environment";
import type { Payer } from "../helpers/payer";
import { startPublicDocketsEnvironment, type PublicDocketsEnvironment } from "../helpers/replay/public-dockets-environment";
import { EACH_DATABASE } from "../helpers/test-database";

vi.hoisted(() => {
  // The registry computes coverage when first imported: the systems must be connected before that.
  process.env.PUBLIC_DOCKET_SYSTEMS = "scotus,tames,acis";
});

const PRICE = 990_000n;
const base = "http://localhost:3000";
const caseUrl = (courtCode: string, caseId: string) => `${base}/v2/case?case_id=${encodeURIComponent(caseId)}&court_code=${courtCode}&context=full`;

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("paid queries of the free public docket systems on %s", (_name, target) => {
  let dockets: PublicDocketsEnvironment;
  let environment: PaidEnvironment;
  let payer: Payer;

  beforeAll(async () => {
    dockets = await startPublicDocketsEnvironment();
    environment = await startPaidEnvironment({ target, accounts: 6 });
    payer = await environment.payer(2);
  }, 120_000);
  afterAll(async () => {
    await environment?.close();
    await dockets?.close();
  });

  const pay = async (url: string) => {
    const proof = await payer.paymentFor(await getCase(new Request(url)));
    return getCase(new Request(url, { headers: { "payment-signature": proof } }));
  };

  it.each([
    ["scotus", "20-1268", "Supreme Court of the United States docket"],
    ["texcrimapp", "AP-77,129", "TAMES"],
    ["fladistctapp4", "4D2026-0606", "ACIS"],
  ])("%s %s: the court's case, charged once", async (court, caseId) => {
    const before = await payer.balance();
    const answer = await pay(caseUrl(court, caseId));
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body).toMatchObject({ case_id: caseId, court_code: court, meta: { query_cost_usd: 0.99, sandbox: false, cache_age_seconds: 0 } });
    expect(body.case.case_number).toBe(caseId);
    expect(body.case.docket_history.length).toBeGreaterThan(0);
    expect(decodePaymentResponseHeader(answer.headers.get("payment-response")!)).toMatchObject({ success: true });
    expect(before - (await payer.balance())).toBe(PRICE);
  });

  it("a case the court does not have: 404, nothing charged", async () => {
    const before = await payer.balance();
    for (const [court, caseId] of [["scotus", "98-7777"], ["texapp7", "07-24-99999-CR"], ["fla", "SC2026-9999"]] as const) {
      const answer = await pay(caseUrl(court, caseId));
      expect(answer.status, `${court} ${caseId}`).toBe(404);
      expect((await answer.json()).error.code).toBe("case_not_found");
    }
    expect(await payer.balance()).toBe(before);
  });

  it("a court system that is down: 503 with Retry-After, nothing charged", async () => {
    const before = await payer.balance();
    dockets.server.fail({ match: /Case\.aspx|RSS\/Cases|courts\/cms/, kind: "status", status: 502 });
    try {
      for (const [court, caseId] of [["scotus", "16-1265"], ["texapp15", "15-25-00230-CV"], ["fladistctapp2", "2D2025-2797"]] as const) {
        const answer = await pay(caseUrl(court, caseId));
        expect(answer.status, `${court} ${caseId}`).toBe(503);
        expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(answer.headers.get("payment-response")).toBeNull();
      }
    } finally {
      dockets.server.clearFaults();
    }
    expect(await payer.balance()).toBe(before);
  });

  /** The paying wallet's queries counted today (UTC). */
  const usedToday = async () => {
    const rows = await environment.opened.db.sql.query<{ count: number }>(
      `SELECT count FROM rate_limit_counters WHERE subject = $1 AND "window" = 'day' ORDER BY window_start DESC LIMIT 1`,
      [`wallet:${payer.address.toLowerCase()}`],
    );
    return rows[0]?.count ?? 0;
  };
  const payBatch = async (queries: Array<Record<string, string>>) => {
    const init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ queries }) };
    const proof = await payer.paymentFor(await postBatch(new Request(`${base}/v2/cases/batch`, init)));
    return postBatch(new Request(`${base}/v2/cases/batch`, { ...init, headers: { ...init.headers, "payment-signature": proof } }));
  };

  it("a batch over the three systems with a case not found and a system down: charged 4 x 0.99 once, its one success counted toward the day; every query failing: nothing", async () => {
    const before = await payer.balance();
    const used = await usedToday();
    dockets.server.fail({ match: /Case\.aspx/, kind: "status", status: 503 });
    try {
      const answer = await payBatch([
        { case_id: "16-1362", court_code: "scotus" },
        { case_id: "97-7777", court_code: "scotus" },
        { case_id: "03-18-00261-CV", court_code: "texapp3" },
        { case_id: "03-18-00261-CV", court_code: "texapp3", context: "full" },
      ]);
      expect(answer.status).toBe(200);
      const body = await answer.json();
      expect(body.meta).toMatchObject({ batch_size: 4, successful: 1, failed: 3, total_cost_usd: 3.96 });
      expect(body.results.map((result: { status: string; error?: { code: string } }) => result.error?.code ?? result.status)).toEqual(["success", "case_not_found", "source_unavailable", "source_unavailable"]);
      expect(decodePaymentResponseHeader(answer.headers.get("payment-response")!)).toMatchObject({ success: true });
      expect(before - (await payer.balance())).toBe(4n * PRICE);
      expect(await usedToday()).toBe(used + 1);

      const failed = await payBatch([{ case_id: "97-7777", court_code: "scotus" }, { case_id: "03-18-00261-CV", court_code: "texapp3" }]);
      expect(failed.status).toBe(200);
      expect((await failed.json()).meta).toMatchObject({ successful: 0, failed: 2, total_cost_usd: 0 });
      expect(failed.headers.get("payment-response")).toBeNull();
      expect(before - (await payer.balance())).toBe(4n * PRICE);
      expect(await usedToday()).toBe(used + 1);
    } finally {
      dockets.server.clearFaults();
    }
  });
});

describe.skipIf(HAS_CORPUS)("paid queries of the free public docket systems", () => {
  it.skip(NO_CORPUS_MESSAGE, () => {});
});
