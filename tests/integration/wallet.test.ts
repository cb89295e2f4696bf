// Wallet endpoints in sandbox: a fixed wallet with fixture keys and deliveries; live calls need payment.
import { describe, expect, it } from "vitest";
import {
  walletDeliveriesResponseSchema,
  walletKeyRotationResponseSchema,
  walletKeysResponseSchema,
  type WalletDeliveriesResponse,
} from "@/contract";
import { GET as getDeliveries, POST as postDeliveries } from "@/app/v2/wallet/deliveries/route";
import { DELETE as deleteKeys, GET as getKeys, POST as rotateKeys } from "@/app/v2/wallet/keys/route";
import { SANDBOX_DELIVERIES, SANDBOX_WALLET } from "@/lib/sandbox/wallet";
import { callRoute, sandbox } from "../helpers/call-route";
import { expectErrorEnvelope, type ExpectedError } from "../helpers/envelope";

const walletMeta = { request_id: expect.stringMatching(/^req_/), queried_at: expect.any(String), query_cost_usd: 0, sandbox: true };

describe("GET/POST /v2/wallet/keys sandbox", () => {
  it("answers the sandbox wallet's key state, without a secret", async () => {
    const result = await callRoute(getKeys, "/v2/wallet/keys", { headers: sandbox });
    expect(result.status).toBe(200);
    expect(walletKeysResponseSchema.safeParse(result.body).success).toBe(true);
    expect(result.body).toEqual({
      meta: walletMeta,
      wallet: SANDBOX_WALLET,
      current_key_id: "key_sandbox_current",
      current_key_created_at: "2026-10-01T12:00:00.000Z",
      previous_key_id: null,
    });
    expect(result.text).not.toMatch(/secret/);
  });

  it("shows what a rotation answers, and stores nothing", async () => {
    const before = Date.now();
    const result = await callRoute(rotateKeys, "/v2/wallet/keys", { method: "POST", headers: { ...sandbox, "x-service-tag": "ignored-on-wallet" } });
    expect(result.status).toBe(200);
    expect(walletKeyRotationResponseSchema.safeParse(result.body).success).toBe(true);
    expect(result.body).toMatchObject({
      meta: walletMeta,
      wallet: SANDBOX_WALLET,
      new_key_id: "key_sandbox_rotated",
      new_key_secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      previous_key_id: "key_sandbox_current",
    });
    // The wallet meta subset has no tag.
    expect(Object.keys(result.body.meta).sort()).toEqual(["queried_at", "query_cost_usd", "request_id", "sandbox"]);
    const created = Date.parse(result.body.new_key_created_at);
    expect(created).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(result.body.previous_key_valid_until) - created).toBe(30 * 60 * 1000);
    const after = await callRoute(getKeys, "/v2/wallet/keys", { headers: sandbox });
    expect(after.body.current_key_id).toBe("key_sandbox_current");
  });
});

describe("GET /v2/wallet/deliveries sandbox", () => {
  const list = (query: Record<string, string | undefined>) =>
    callRoute<WalletDeliveriesResponse>(getDeliveries, "/v2/wallet/deliveries", { query, headers: sandbox });

  it("pages through every fixture delivery, newest first, with the default limit of 50", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const result = await list({ cursor });
      expect(result.status).toBe(200);
      expect(walletDeliveriesResponseSchema.safeParse(result.body).success).toBe(true);
      expect(result.body.wallet).toBe(SANDBOX_WALLET);
      expect(result.body.deliveries.length).toBeLessThanOrEqual(50);
      seen.push(...result.body.deliveries.map((delivery) => delivery.last_attempt_at));
      cursor = result.body.next_cursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(SANDBOX_DELIVERIES.length);
    expect([...seen].sort((a, b) => Date.parse(b) - Date.parse(a))).toEqual(seen);
  });

  it("filters by status and since, and honours limit", async () => {
    const failed = (await list({ status: "failed", limit: "200" })).body;
    expect(failed.deliveries.length).toBeGreaterThan(0);
    expect(failed.deliveries.every((delivery) => delivery.status === "failed" && delivery.attempts === 7)).toBe(true);
    expect(failed.next_cursor).toBeNull();

    const since = "2026-10-01T00:00:00Z";
    const recent = (await list({ since, limit: "200" })).body;
    expect(recent.deliveries.length).toBeGreaterThan(10);
    expect(recent.deliveries.length).toBeLessThan(SANDBOX_DELIVERIES.length - 10);
    expect(recent.deliveries.every((delivery) => Date.parse(delivery.last_attempt_at) > Date.parse(since))).toBe(true);
    expect(recent.deliveries.length).toBe(SANDBOX_DELIVERIES.filter((d) => Date.parse(d.last_attempt_at) > Date.parse(since)).length);

    const small = (await list({ limit: "1", status: "retrying" })).body;
    expect(small.deliveries).toHaveLength(1);
    expect(small.next_cursor).not.toBeNull();
    const next = (await list({ limit: "1", status: "retrying", cursor: small.next_cursor! })).body;
    expect(next.deliveries[0]!.delivery_id).not.toBe(small.deliveries[0]!.delivery_id);
  });
});

type Row = [name: string, query: Record<string, string>, headers: Record<string, string>, expected: ExpectedError];
const rows: Row[] = [
  ["limit 0", { limit: "0" }, sandbox, { code: "invalid_parameter", parameter: "limit", message: "1 to 200", sandbox: true }],
  ["limit 201", { limit: "201" }, sandbox, { code: "invalid_parameter", parameter: "limit", sandbox: true }],
  ["limit not a number", { limit: "ten" }, sandbox, { code: "invalid_parameter", parameter: "limit", sandbox: true }],
  ["limit fractional", { limit: "2.5" }, sandbox, { code: "invalid_parameter", parameter: "limit", sandbox: true }],
  ["unknown status", { status: "pending" }, sandbox, { code: "invalid_parameter", parameter: "status", message: "succeeded, failed or retrying", sandbox: true }],
  ["since without offset", { since: "2026-11-01T00:00:00" }, sandbox, { code: "invalid_parameter", parameter: "since", message: "no timezone offset", sandbox: true }],
  ["since a bare date", { since: "2026-11-01" }, sandbox, { code: "invalid_parameter", parameter: "since", sandbox: true }],
  // Dates Date.parse would roll over to another day (2 March, 1 January next year, the next day) are refused.
  ["since 30 February", { since: "2026-02-30T00:00:00Z" }, sandbox, { code: "invalid_parameter", parameter: "since", sandbox: true }],
  ["since month 13", { since: "2026-13-01T00:00:00Z" }, sandbox, { code: "invalid_parameter", parameter: "since", sandbox: true }],
  ["since hour 24", { since: "2026-11-01T24:00:00+01:00" }, sandbox, { code: "invalid_parameter", parameter: "since", sandbox: true }],
  ["since an offset no zone has", { since: "2026-11-01T00:00:00+25:00" }, sandbox, { code: "invalid_parameter", parameter: "since", sandbox: true }],
  ["live, a bad since answered before payment", { since: "2026-02-29T00:00:00Z" }, {}, { code: "invalid_parameter", parameter: "since" }],
  ["forged cursor", { cursor: "abc" }, sandbox, { code: "invalid_parameter", parameter: "cursor", message: "next_cursor", sandbox: true }],
  ["empty cursor", { cursor: "" }, sandbox, { code: "invalid_parameter", parameter: "cursor", sandbox: true }],
  ["unknown parameter", { page: "2" }, sandbox, { code: "invalid_parameter", parameter: "page", sandbox: true }],
  ["live, without payment", {}, {}, { code: "payment_required", message: "0.99 USD" }],
  ["live, bad input answered before payment", { limit: "500" }, {}, { code: "invalid_parameter", parameter: "limit" }],
];

describe("wallet errors", () => {
  it.each(rows)("deliveries: %s", async (_name, query, headers, expected) => {
    expectErrorEnvelope(await callRoute(getDeliveries, "/v2/wallet/deliveries", { query, headers }), expected);
  });

  it("keys: live GET and POST ask for payment", async () => {
    expectErrorEnvelope(await callRoute(getKeys, "/v2/wallet/keys"), { code: "payment_required", message: "0.99 USD" });
    expectErrorEnvelope(await callRoute(rotateKeys, "/v2/wallet/keys", { method: "POST" }), { code: "payment_required" });
  });

  it("keys: a query parameter is refused, before payment and in the sandbox", async () => {
    for (const [route, method] of [[getKeys, "GET"], [rotateKeys, "POST"]] as const) {
      expectErrorEnvelope(await callRoute(route, "/v2/wallet/keys", { method, query: { foo: "1" } }), { code: "invalid_parameter", parameter: "foo" });
      expectErrorEnvelope(await callRoute(route, "/v2/wallet/keys", { method, query: { wallet: "0x1" }, headers: sandbox }), {
        code: "invalid_parameter",
        parameter: "wallet",
        sandbox: true,
      });
      expect((await callRoute(route, "/v2/wallet/keys", { method, query: { test: "1" } })).status).toBe(200);
    }
  });

  it("keys and deliveries: other methods answer 405 in the envelope", async () => {
    const keys = await callRoute(deleteKeys, "/v2/wallet/keys", { method: "DELETE", headers: sandbox });
    expectErrorEnvelope(keys, { code: "method_not_allowed", sandbox: true });
    expect(keys.headers.get("allow")).toBe("GET, POST");
    const deliveries = await callRoute(postDeliveries, "/v2/wallet/deliveries", { method: "POST", headers: sandbox });
    expectErrorEnvelope(deliveries, { code: "method_not_allowed", sandbox: true });
  });
});
