// Delivery history paging on PGlite and PostgreSQL: a pass of pages gives every delivery that had been
// attempted when it began exactly once, also when one is retried while the agent pages (it would otherwise
// jump above the cursor: the list is sorted by last_attempt_at).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listDeliveries } from "@/lib/callbacks/list-deliveries";
import { parseDeliveriesRequest } from "@/lib/wallet/parse-deliveries-request";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

const meta = (at: Date) => ({ request_id: `req_${randomUUID().replace(/-/g, "").slice(0, 24)}`, queried_at: at.toISOString(), sandbox: false, tag: null });

describe.each(EACH_DATABASE)("delivery history on %s", (_name, target) => {
  const database = databaseForSuite(target);

  async function seed(wallet: string, count: number, start: number) {
    const prisma = database().db.prisma;
    await prisma.wallet.create({ data: { address: wallet } });
    for (let index = 0; index < count; index += 1) {
      const at = new Date(start + index * 60_000);
      const id = `dlv_${wallet.slice(-6)}${String(index).padStart(4, "0")}`;
      await prisma.callbackDelivery.create({
        data: {
          id, walletAddress: wallet, requestId: `req_${index}`, caseId: "1:23-cv-04567", courtCode: "nysd",
          callbackUrl: "https://receiver.example.com/hook", status: "retrying", attempts: 1, firstAttemptAt: at,
          lastAttemptAt: at, lastResponseCode: 500, idempotencyKey: randomUUID(), body: "{}",
        },
      });
      await prisma.callbackAttempt.create({ data: { deliveryId: id, attemptNumber: 1, attemptedAt: at, responseCode: 500 } });
    }
  }

  async function retry(id: string, at: Date, code: number) {
    const prisma = database().db.prisma;
    const attempts = await prisma.callbackAttempt.count({ where: { deliveryId: id } });
    await prisma.callbackAttempt.create({ data: { deliveryId: id, attemptNumber: attempts + 1, attemptedAt: at, responseCode: code } });
    await prisma.callbackDelivery.update({
      where: { id },
      data: { attempts: attempts + 1, lastAttemptAt: at, lastResponseCode: code, status: code < 300 ? "succeeded" : "retrying" },
    });
  }

  const page = (wallet: string, cursor: string | null, at: Date, limit = 3) =>
    listDeliveries({ prisma: database().db.prisma, wallet, page: { limit, cursor, status: null, since: null }, meta: meta(at), queryCostUsd: 0.99 });

  it("gives every delivery once in a pass, when deliveries are retried between its pages", async () => {
    const wallet = `0x${randomUUID().replace(/-/g, "").padEnd(40, "0").slice(0, 40)}`;
    const start = Date.now() - 3_600_000;
    await seed(wallet, 10, start);
    const began = new Date();
    const seen: string[] = [];
    let result = await page(wallet, null, began);
    seen.push(...result.deliveries.map((delivery) => delivery.delivery_id));
    // While the agent pages, the oldest deliveries (not listed yet) are retried: they become the newest.
    const ids = Array.from({ length: 10 }, (_, index) => `dlv_${wallet.slice(-6)}${String(index).padStart(4, "0")}`);
    await retry(ids[0]!, new Date(), 200);
    await retry(ids[1]!, new Date(), 500);
    while (result.next_cursor) {
      result = await page(wallet, result.next_cursor, new Date());
      seen.push(...result.deliveries.map((delivery) => delivery.delivery_id));
    }
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(new Set(seen).size).toBe(10);
    // In that pass, the retried ones showed as they stood when it began; a new pass shows the retries first.
    const fresh = await page(wallet, null, new Date(), 10);
    expect(fresh.deliveries.slice(0, 2).map((delivery) => [delivery.delivery_id, delivery.status, delivery.attempts])).toEqual([
      [ids[1], "retrying", 2],
      [ids[0], "succeeded", 2],
    ]);
  });

  it("gives a delivery once in a pass when its attempt was under way as the first page was read", async () => {
    const wallet = `0x${randomUUID().replace(/-/g, "").padEnd(40, "2").slice(0, 40)}`;
    const prisma = database().db.prisma;
    const began = new Date();
    // D was attempted an hour ago, E ten minutes ago.
    await seed(wallet, 1, began.getTime() - 3_600_000);
    const d = `dlv_${wallet.slice(-6)}0000`;
    const e = `dlv_${wallet.slice(-6)}e000`;
    const tenMinutesAgo = new Date(began.getTime() - 600_000);
    await prisma.callbackDelivery.create({
      data: {
        id: e, walletAddress: wallet, requestId: "req_e", caseId: "1:23-cv-04567", courtCode: "nysd", callbackUrl: "https://receiver.example.com/hook",
        status: "succeeded", attempts: 1, firstAttemptAt: tenMinutesAgo, lastAttemptAt: tenMinutesAgo, lastResponseCode: 200, idempotencyKey: randomUUID(), body: "{}",
      },
    });
    await prisma.callbackAttempt.create({ data: { deliveryId: e, attemptNumber: 1, attemptedAt: tenMinutesAgo, responseCode: 200, durationMs: 40 } });
    // D's second attempt began a second before the first page and is written once its receiver answers, 3 s later.
    const first = await page(wallet, null, began, 1);
    expect(first.deliveries.map((delivery) => delivery.delivery_id)).toEqual([e]);
    await prisma.callbackAttempt.create({ data: { deliveryId: d, attemptNumber: 2, attemptedAt: new Date(began.getTime() - 1_000), responseCode: 200, durationMs: 3_000 } });
    const second = await page(wallet, first.next_cursor, new Date(began.getTime() + 2_500), 1);
    expect(second.deliveries.map((delivery) => [delivery.delivery_id, delivery.attempts])).toEqual([[d, 1]]);
    // A new pass once it has ended shows the attempt.
    const fresh = await page(wallet, null, new Date(began.getTime() + 2_000), 5);
    expect(fresh.deliveries.map((delivery) => [delivery.delivery_id, delivery.attempts, delivery.status])).toEqual([[d, 2, "succeeded"], [e, 1, "succeeded"]]);
  });

  it("filters by status and since on the history as it stood, and refuses a cursor it did not make", async () => {
    const wallet = `0x${randomUUID().replace(/-/g, "").padEnd(40, "1").slice(0, 40)}`;
    const start = Date.now() - 3_600_000;
    await seed(wallet, 4, start);
    await retry(`dlv_${wallet.slice(-6)}0002`, new Date(start + 30 * 60_000), 204);
    const succeeded = await listDeliveries({
      prisma: database().db.prisma, wallet, page: { limit: 10, cursor: null, status: "succeeded", since: null }, meta: meta(new Date()), queryCostUsd: 0.99,
    });
    expect(succeeded.deliveries.map((delivery) => [delivery.delivery_id.slice(-4), delivery.status, delivery.last_response_code])).toEqual([["0002", "succeeded", 204]]);
    const since = await listDeliveries({
      prisma: database().db.prisma, wallet, page: { limit: 10, cursor: null, status: null, since: new Date(start + 90_000) }, meta: meta(new Date()), queryCostUsd: 0.99,
    });
    expect(since.deliveries.map((delivery) => delivery.delivery_id.slice(-4))).toEqual(["0002", "0003"]);
    await expect(page(wallet, "bm90LWEtY3Vyc29y", new Date())).rejects.toMatchObject({ code: "invalid_parameter" });
  });

  it("refuses, as a cursor it did not make, one whose times JavaScript reads but the database cannot hold", async () => {
    // A forged cursor is an agent's mistake (400 before payment), never an internal error of a paid request:
    // Date.parse rolls 30 February over and reaches 275760 years either side of 1970; PostgreSQL refuses both.
    const wallet = `0x${randomUUID().replace(/-/g, "").padEnd(40, "4").slice(0, 40)}`;
    const at = new Date();
    const now = at.toISOString();
    for (const times of [["-010000-01-01T00:00:00.000Z", now], [now, "-010000-01-01T00:00:00.000Z"], ["2026-02-30T10:00:00.000Z", now]]) {
      const forged = Buffer.from(JSON.stringify([times[0], "dlv_x", times[1]]), "utf8").toString("base64url");
      expect(() => parseDeliveriesRequest({ cursor: forged })).toThrowError(/next_cursor/);
      await expect(page(wallet, forged, at)).rejects.toThrowError(/next_cursor/);
    }
  });
});
