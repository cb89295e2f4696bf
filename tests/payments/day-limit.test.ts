// The per-day limit (10,000 a UTC day per wallet), with real x402 payments on a local chain and a clock
// the test moves: the route handlers run in this process, so the service's clock (lib/clock.ts) is ours.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getMonitor } from "@/app/v2/monitor/route";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { setClockOffsetForTests } from "@/lib/clock";
import { findCourt } from "@/lib/courts/registry";
import { utcDayStart } from "@/lib/limits/reserve-daily-quota";
import { generateDemoCase } from "@/lib/sources/demo/generate-case";
import type { LocalChain } from "../helpers/local-chain";
import { startPaidEnvironment, type PaidEnvironment } from "../helpers/paid-environment";
import type { Payer } from "../helpers/payer";
import type { TestDatabase } from "../helpers/test-database";

let environment: PaidEnvironment;
let chain: LocalChain;
let opened: TestDatabase;
let payer: Payer;
const caseId = (() => {
  for (let number = 1; ; number += 1) {
    const id = `1:25-cv-${String(number).padStart(5, "0")}`;
    if (generateDemoCase(findCourt("nysd")!, id, new Date(), { downCourts: new Set() }).kind === "found") return id;
  }
})();

beforeAll(async () => {
  environment = await startPaidEnvironment();
  ({ chain, opened } = environment);
  payer = await environment.payer(2);
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

const monitorUrl = `http://localhost:3000/v2/monitor?case_id=${caseId}&court_code=nysd&last_checked=2026-01-01T00:00:00Z`;

/** A paid request through the route handler: ask, pay with the official client's payload, repeat. */
async function paidMonitor(url = monitorUrl): Promise<Response> {
  const challenge = await getMonitor(new Request(url));
  expect(challenge.status).toBe(402);
  const proof = await payer.paymentFor(challenge);
  return getMonitor(new Request(url, { headers: { "payment-signature": proof } }));
}

async function setUsedToday(count: number): Promise<void> {
  const dayStart = utcDayStart(new Date(Date.now() + offset));
  await opened.db.sql.query(
    `INSERT INTO rate_limit_counters (subject, "window", window_start, count, expires_at) VALUES ($1, 'day', $2::timestamptz, $3, $2::timestamptz + interval '2 days')
     ON CONFLICT (subject, "window", window_start) DO UPDATE SET count = EXCLUDED.count`,
    [`wallet:${payer.address.toLowerCase()}`, dayStart.toISOString(), count],
  );
}

async function usedToday(): Promise<number> {
  const rows = await opened.db.sql.query<{ count: number }>(
    `SELECT count FROM rate_limit_counters WHERE subject = $1 AND window_start = $2::timestamptz`,
    [`wallet:${payer.address.toLowerCase()}`, utcDayStart(new Date(Date.now() + offset)).toISOString()],
  );
  return rows[0]?.count ?? 0;
}

let offset = 0;

describe("the daily limit", () => {
  it("serves the 10,000th query of the UTC day, refuses the next until midnight, and charges only what it served", async () => {
    await setUsedToday(9_999);
    const before = await payer.balance();
    expect((await paidMonitor()).status).toBe(200);
    expect(await usedToday()).toBe(10_000);

    const refused = await paidMonitor();
    expect(refused.status).toBe(429);
    const body = await refused.json();
    const untilMidnight = Math.ceil((utcDayStart(new Date()).getTime() + 86_400_000 - Date.now()) / 1000);
    expect(body.error).toMatchObject({ code: "rate_limited", message: expect.stringContaining("10000") });
    expect(Math.abs(body.error.retry_after - untilMidnight)).toBeLessThanOrEqual(5);
    expect(refused.headers.get("retry-after")).toBe(String(body.error.retry_after));
    expect(before - (await payer.balance())).toBe(990_000n);
  });

  it("starts over the next UTC day", async () => {
    offset = 86_400_000;
    setClockOffsetForTests(offset);
    expect(await usedToday()).toBe(0);
    expect((await paidMonitor()).status).toBe(200);
    expect(await usedToday()).toBe(1);
  });

  it("counts a batch's queries: a batch larger than what is left today is refused whole", async () => {
    await setUsedToday(9_999);
    const url = "http://localhost:3000/v2/cases/batch";
    const body = JSON.stringify({ queries: [{ case_id: caseId, court_code: "nysd" }, { case_id: caseId, court_code: "nysd" }] });
    const init = { method: "POST", headers: { "content-type": "application/json" }, body };
    const challenge = await postBatch(new Request(url, init));
    const proof = await payer.paymentFor(challenge);
    const refused = await postBatch(new Request(url, { ...init, headers: { ...init.headers, "payment-signature": proof } }));
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toContain("1 of its 10000 queries left today (UTC) and asked for 2: send at most 1");
    expect(await usedToday()).toBe(9_999);
  });

  it("does not count failed queries", async () => {
    await setUsedToday(10);
    const missing = (() => {
      for (let number = 1; ; number += 1) {
        const id = `1:25-cv-${String(number).padStart(5, "0")}`;
        if (generateDemoCase(findCourt("nysd")!, id, new Date(), { downCourts: new Set() }).kind === "not_found") return id;
      }
    })();
    const answer = await paidMonitor(`http://localhost:3000/v2/monitor?case_id=${missing}&court_code=nysd&last_checked=2026-01-01T00:00:00Z`);
    expect(answer.status).toBe(404);
    expect(await usedToday()).toBe(10);
  });
});

describe("the payment ledger", () => {
  it("records every payment a support person would look for: payer, amount, network, transaction, request, endpoint, outcome", async () => {
    await setUsedToday(0);
    const served = await paidMonitor();
    expect(served.status).toBe(200);
    const requestId = served.headers.get("x-request-id");
    const rows = await opened.db.prisma.paymentRecord.findMany({ where: { requestId: requestId! } });
    expect(rows).toEqual([
      expect.objectContaining({
        payer: payer.address.toLowerCase(),
        amountBaseUnits: 990_000n,
        network: chain.network,
        asset: chain.token.toLowerCase(),
        endpoint: "GET /v2/monitor",
        outcome: "settled",
        transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        attempts: 1,
      }),
    ]);
    const released = await opened.db.prisma.paymentRecord.findMany({ where: { payer: payer.address.toLowerCase(), outcome: "released" } });
    expect(released.map((row) => row.failureReason).sort()).toEqual(expect.arrayContaining(["case_not_found", "rate_limited"]));
    expect(released.every((row) => row.transactionHash === null)).toBe(true);
  });
});
