// Wallet signing keys on PGlite and PostgreSQL: provisioning, rotation, the 30-minute window, a paid
// rotation in effect only once its payment settles, and secrets that are never readable from the database.
import { describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { currentSigningKey } from "@/lib/keys/current-signing-key";
import { getKeyState } from "@/lib/keys/get-key-state";
import { rotateSigningKey } from "@/lib/keys/rotate-signing-key";
import { closePayment } from "@/lib/payments/close-payment";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

vi.stubEnv("SIGNING_KEYS_ENCRYPTION_KEY", "11".repeat(32));
resetEnvForTests();

const meta = { request_id: "req_000000000000000000000000", queried_at: "2026-11-20T10:00:00.000Z", sandbox: false, tag: null };
const wallet = () => `0x${Math.random().toString(16).slice(2).padEnd(40, "0").slice(0, 40)}`;
const at = (iso: string) => new Date(iso);

describe.each(EACH_DATABASE)("signing keys on %s", (_name, target) => {
  const database = databaseForSuite(target);
  const prisma = () => database().db.prisma;

  /**
   * A paid rotation awaiting its payment (its ledger row settling); `close` decides that payment, as the
   * request's settlement or the reconciler would.
   */
  async function pendingRotation(address: string, label: string, when: string) {
    const requestId = `req_${label}_${address.slice(2, 14)}`;
    await prisma().paymentRecord.create({
      data: { nonceKey: `nonce-${requestId}`, payer: address, amountBaseUnits: 990000n, network: "eip155:8453", asset: "0xa", payTo: "0xb", endpoint: "POST /v2/wallet/keys", requestId, outcome: "settling" },
    });
    const rotation = await rotateSigningKey({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at(when), pendingRequestId: requestId });
    const close = (outcome: "settled" | "settle_failed" | "released", closedAt: string) =>
      closePayment(prisma(), `nonce-${requestId}`, outcome === "settled" ? { outcome, transactionHash: null } : { outcome, reason: "test" }, at(closedAt));
    return { rotation, close };
  }

  it("provisions one key on the first call, also when first calls race, and returns no secret", async () => {
    const address = wallet();
    const states = await Promise.all(
      Array.from({ length: 5 }, () => getKeyState({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:00:00Z") })),
    );
    expect(new Set(states.map((state) => state.current_key_id)).size).toBe(1);
    expect(states[0]).toEqual({
      meta: { request_id: meta.request_id, queried_at: meta.queried_at, query_cost_usd: 0.99, sandbox: false },
      wallet: address,
      current_key_id: expect.stringMatching(/^key_[0-9a-f]{24}$/),
      current_key_created_at: "2026-11-20T10:00:00.000Z",
      previous_key_id: null,
    });
    expect(JSON.stringify(states[0])).not.toMatch(/secret/);
    expect(await prisma().signingKey.count({ where: { walletAddress: address } })).toBe(1);
  });

  it("rotates: a new current key with its secret once, the old one valid for 30 minutes, then gone", async () => {
    const address = wallet();
    const first = await getKeyState({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:00:00Z") });
    const rotation = await rotateSigningKey({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T11:00:00Z") });
    expect(rotation).toMatchObject({
      wallet: address,
      new_key_id: expect.stringMatching(/^key_/),
      new_key_secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      new_key_created_at: "2026-11-20T11:00:00.000Z",
      previous_key_id: first.current_key_id,
      previous_key_valid_until: "2026-11-20T11:30:00.000Z",
    });
    const during = await getKeyState({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T11:29:59Z") });
    expect(during).toMatchObject({ current_key_id: rotation.new_key_id, previous_key_id: first.current_key_id });
    const after = await getKeyState({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T11:30:01Z") });
    expect(after).toMatchObject({ current_key_id: rotation.new_key_id, previous_key_id: null });

    // Deliveries sign with the current key, whose secret is the one handed out.
    expect(await currentSigningKey(prisma(), address, at("2026-11-20T11:05:00Z"))).toEqual({ keyId: rotation.new_key_id, secret: rotation.new_key_secret });
  });

  it("keeps one previous key: rotating again within the window retires the older one at once", async () => {
    const address = wallet();
    const one = await rotateSigningKey({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:00:00Z") });
    expect(one.previous_key_id).toBeNull();
    const two = await rotateSigningKey({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:10:00Z") });
    const three = await rotateSigningKey({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:20:00Z") });
    expect(three.previous_key_id).toBe(two.new_key_id);
    const state = await getKeyState({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:21:00Z") });
    expect(state.previous_key_id).toBe(two.new_key_id);
    expect(state.previous_key_id).not.toBe(one.new_key_id);
  });

  it("puts a paid rotation into effect at its settlement and forgets one whose payment was not charged", async () => {
    const address = wallet();
    const first = await getKeyState({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:00:00Z") });
    const refused = await pendingRotation(address, "refused", "2026-11-20T10:05:00Z");
    const released = await pendingRotation(address, "released", "2026-11-20T10:06:00Z");
    const paid = await pendingRotation(address, "paid", "2026-11-20T10:07:00Z");
    expect(paid.rotation).toMatchObject({ previous_key_id: first.current_key_id, previous_key_valid_until: "2026-11-20T10:37:00.000Z" });

    // Awaiting their payments, none is in effect: deliveries sign with the key the wallet holds.
    expect(await getKeyState({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:08:00Z") })).toMatchObject({ current_key_id: first.current_key_id, previous_key_id: null });
    expect((await currentSigningKey(prisma(), address, at("2026-11-20T10:08:00Z"))).keyId).toBe(first.current_key_id);

    expect(await refused.close("settle_failed", "2026-11-20T10:09:00Z")).toBe(true);
    expect(await released.close("released", "2026-11-20T10:09:00Z")).toBe(true);
    expect(await paid.close("settled", "2026-11-20T10:09:00Z")).toBe(true);
    const keys = await prisma().signingKey.findMany({ where: { walletAddress: address }, select: { id: true, pendingRequestId: true } });
    expect(keys.map((key) => key.id).sort()).toEqual([first.current_key_id, paid.rotation.new_key_id].sort());
    expect(keys.every((key) => key.pendingRequestId === null)).toBe(true);
    expect(await getKeyState({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:10:00Z") })).toMatchObject({
      current_key_id: paid.rotation.new_key_id,
      current_key_created_at: "2026-11-20T10:07:00.000Z",
      previous_key_id: first.current_key_id,
    });
    expect(await currentSigningKey(prisma(), address, at("2026-11-20T10:10:00Z"))).toEqual({ keyId: paid.rotation.new_key_id, secret: paid.rotation.new_key_secret });
    // The window runs from when the key took effect (10:09), never shorter than the answer said (10:37).
    expect((await getKeyState({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:38:59Z") })).previous_key_id).toBe(first.current_key_id);
    expect((await getKeyState({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:39:01Z") })).previous_key_id).toBeNull();
  });

  it("keeps the newest rotation current when an older one's payment settles after it", async () => {
    const address = wallet();
    await getKeyState({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:00:00Z") });
    const older = await pendingRotation(address, "older", "2026-11-20T10:05:00Z");
    const newer = await pendingRotation(address, "newer", "2026-11-20T10:06:00Z");
    await newer.close("settled", "2026-11-20T10:06:05Z");
    // The older rotation's settlement confirmed late (the reconciler): it is paid, but the newer key stays current.
    await older.close("settled", "2026-11-20T10:20:00Z");
    expect((await getKeyState({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:21:00Z") })).current_key_id).toBe(newer.rotation.new_key_id);
    expect((await currentSigningKey(prisma(), address, at("2026-11-20T10:21:00Z"))).keyId).toBe(newer.rotation.new_key_id);
    expect(older.rotation.new_key_id).not.toBe(newer.rotation.new_key_id);
  });

  it("makes a wallet's first paid rotation current even when a delivery provisioned a key while it awaited its payment", async () => {
    const address = wallet();
    const { rotation, close } = await pendingRotation(address, "first", "2026-11-20T10:00:00Z");
    const provisioned = await currentSigningKey(prisma(), address, at("2026-11-20T10:00:01Z"));
    expect(provisioned.keyId).not.toBe(rotation.new_key_id);
    await close("settled", "2026-11-20T10:00:02Z");
    expect(await currentSigningKey(prisma(), address, at("2026-11-20T10:00:03Z"))).toEqual({ keyId: rotation.new_key_id, secret: rotation.new_key_secret });
  });

  it("never stores a secret readable in plain text", async () => {
    const address = wallet();
    const rotation = await rotateSigningKey({ prisma: prisma(), wallet: address, meta, queryCostUsd: 0.99, now: at("2026-11-20T10:00:00Z") });
    const rows = await database().db.sql.query<Record<string, unknown>>("SELECT * FROM signing_keys WHERE wallet_address = $1", [address]);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(rotation.new_key_secret);
    expect(dump.toLowerCase()).not.toContain(rotation.new_key_secret.toLowerCase());
    // The ciphertext is bound to its key id: moved to another row, it does not open.
    const { openSecret } = await import("@/lib/keys/secret-box");
    const row = await prisma().signingKey.findUniqueOrThrow({ where: { id: rotation.new_key_id } });
    const sealed = { ciphertext: row.secretCiphertext, iv: row.secretIv, tag: row.secretTag };
    expect(openSecret(rotation.new_key_id, sealed)).toBe(rotation.new_key_secret);
    expect(() => openSecret("key_someone_else", sealed)).toThrow();
  });
});
