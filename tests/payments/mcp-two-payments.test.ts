// MCP's service_wallet_info with its delivery history is paid by two payments of one wallet, settled one after
// the other: the delivery history's (inner) first, then the key state's (outer). The balance check before the
// work makes a failure in between rare, but the payer can still make one: it cancels an authorization on chain
// (or spends its funds) while the work runs. Two transfers are never one: the caller is never charged without
// the answer. Real chain, real facilitator, real ledger; the payer's cancellation is timed by wrapping the
// delivery listing (the work both payments pay for), nothing else is replaced.
import type { Hex } from "viem";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postMcp } from "@/app/v2/mcp/route";
import { cancelAuthorization } from "../helpers/cancel-authorization";
import { callRoute } from "../helpers/call-route";
import { startPaidEnvironment, type PaidEnvironment } from "../helpers/paid-environment";
import type { Payer } from "../helpers/payer";

const timing = vi.hoisted(() => ({ whileWorking: null as null | (() => Promise<void>) }));

vi.mock("@/lib/callbacks/list-deliveries", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/callbacks/list-deliveries")>();
  return {
    ...real,
    listDeliveries: async (...args: Parameters<typeof real.listDeliveries>) => {
      const listed = await real.listDeliveries(...args);
      const act = timing.whileWorking;
      timing.whileWorking = null;
      await act?.();
      return listed;
    },
  };
});

let environment: PaidEnvironment;

beforeAll(async () => {
  environment = await startPaidEnvironment();
}, 120_000);
afterAll(async () => {
  await environment?.close();
});

const rpc = (id: number, args: Record<string, unknown>) =>
  callRoute(postMcp, "/v2/mcp", {
    headers: { accept: "application/json, text/event-stream" },
    body: { jsonrpc: "2.0", id, method: "tools/call", params: { name: "service_wallet_info", arguments: { include_deliveries: true, ...args } } },
  });

/**
 * The tool called with two payments signed for its requirements (from its unpaid answer), while the payer
 * cancels one of them on chain during the work (both verified, neither settled).
 */
async function callCancelling(payer: Payer, cancelled: "keys" | "deliveries") {
  const unpaid = await rpc(1, {});
  const required = unpaid.body.error.data as PaymentRequired;
  expect(unpaid.body.error.data.code).toBe("payment_required");
  const sign = () => payer.client.createPaymentPayload({ x402Version: required.x402Version, resource: required.resource, accepts: required.accepts });
  const nonceOf = (payload: PaymentPayload) => (payload.payload as { authorization: { nonce: Hex } }).authorization.nonce;
  const payments = { keys: await sign(), deliveries: await sign() };
  timing.whileWorking = () => cancelAuthorization(environment.info, payer, nonceOf(payments[cancelled]));
  const answer = await rpc(2, { payment_tx_keys: encodePaymentSignatureHeader(payments.keys), payment_tx_deliveries: encodePaymentSignatureHeader(payments.deliveries) });
  expect(timing.whileWorking).toBeNull();
  return answer;
}

const ledger = (payer: Payer) =>
  environment.opened.db.prisma.paymentRecord.findMany({ where: { payer: { equals: payer.address, mode: "insensitive" } }, orderBy: { createdAt: "asc" } });

describe("service_wallet_info with deliveries when a payment fails between the two settlements", () => {
  it("delivers the answer with the delivery history's receipt when the key state's payment fails after it was charged", async () => {
    const payer = await environment.payer(2, 2_000_000n);
    const answered = await callCancelling(payer, "keys");
    expect(answered.body.error).toBeUndefined();
    expect(answered.body.result.isError).toBeFalsy();
    expect(answered.body.result.structuredContent).toMatchObject({ keys: { wallet: payer.address.toLowerCase() }, deliveries: { deliveries: [] } });
    // One charge, one receipt: the delivery history's. The key state's payment moved nothing and says so.
    const receipts = answered.body.result._meta;
    expect(receipts["x402/payment-response-deliveries"]).toMatchObject({ success: true, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/), payer: payer.address });
    expect(receipts["x402/payment-response"]).toBeUndefined();
    expect(await payer.balance()).toBe(2_000_000n - 990_000n);
    const rows = await ledger(payer);
    expect(rows.map((row) => [row.endpoint, row.outcome])).toEqual([
      ["MCP service_wallet_info", "settle_failed"],
      ["MCP service_wallet_info (deliveries)", "settled"],
    ]);
  });

  it("charges nothing when the delivery history's payment fails: the key state's is then never settled", async () => {
    const payer = await environment.payer(3, 2_000_000n);
    const refused = await callCancelling(payer, "deliveries");
    expect(refused.body.error.data.code).toBe("payment_required");
    expect(refused.body.error.data.message).toMatch(/Nothing was charged/);
    expect(await payer.balance()).toBe(2_000_000n);
    const rows = await ledger(payer);
    expect(rows.map((row) => [row.endpoint, row.outcome])).toEqual([
      ["MCP service_wallet_info", "released"],
      ["MCP service_wallet_info (deliveries)", "settle_failed"],
    ]);
  });
});
