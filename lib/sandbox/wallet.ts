// Sandbox wallet: a fixed wallet with fixture signing keys and a fixture delivery history, so every
// wallet endpoint can be tried for free. Nothing here is stored; a sandbox rotation changes nothing.
import { createHash } from "node:crypto";
import type { DeliveryRecord } from "@/contract";
import type { WalletDeliveriesResponse, WalletKeyRotationResponse, WalletKeysResponse } from "@/contract";
import { pageDeliveries, type DeliveryPageOptions } from "@/lib/deliveries/page-deliveries";
import { walletMeta, type MetaBase } from "@/lib/meta";

export const SANDBOX_WALLET = "0x5A4D8b6C0d7F3a9E1b2C4d6E8f0A1b3C5d7E9f10";
export const SANDBOX_CURRENT_KEY_ID = "key_sandbox_current";
export const SANDBOX_CURRENT_KEY_CREATED_AT = "2026-10-01T12:00:00.000Z";
export const SANDBOX_ROTATED_KEY_ID = "key_sandbox_rotated";
/** Published sandbox secret: never valid for live deliveries. */
export const SANDBOX_ROTATED_KEY_SECRET = createHash("sha256").update("court-docket-api sandbox signing key").digest("hex");
export const SANDBOX_DELIVERY_COUNT = 120;

const FIXTURE_TARGETS: ReadonlyArray<[string, string]> = [
  ["1:23-cv-04567", "nysd"],
  ["1:22-cr-00123", "dcd"],
  ["1:24-bk-10234", "deb"],
  ["23-15678", "ca9"],
  ["T-1234-23", "fct"],
  ["654321/2023", "nysupnyc"],
];

function uuidV4From(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex").slice(0, 32).split("");
  hex[12] = "4";
  hex[16] = "89ab"[parseInt(hex[16]!, 16) % 4]!;
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

function buildDeliveries(): DeliveryRecord[] {
  const start = Date.parse("2026-09-01T08:00:00.000Z");
  const records: DeliveryRecord[] = [];
  for (let i = 1; i <= SANDBOX_DELIVERY_COUNT; i += 1) {
    const [caseId, courtCode] = FIXTURE_TARGETS[i % FIXTURE_TARGETS.length]!;
    // Every 10th delivery failed all 7 attempts; every 7th is still retrying; the rest succeeded.
    const status: DeliveryRecord["status"] = i % 10 === 0 ? "failed" : i % 7 === 0 ? "retrying" : "succeeded";
    const attempts = status === "failed" ? 7 : status === "retrying" ? 1 + (i % 5) : 1 + (i % 3 === 0 ? 1 : 0);
    const first = start + i * 11 * 3_600_000; // every 11 hours
    const schedule = [0, 3, 12, 39, 120, 363, 1092]; // minutes after the first attempt
    const last = first + schedule[attempts - 1]! * 60_000;
    records.push({
      delivery_id: `dlv_sandbox_${String(i).padStart(3, "0")}`,
      case_id: caseId,
      court_code: courtCode,
      callback_url: i % 4 === 0 ? "https://agent.example.com/hooks/dockets?team=litigation" : "https://agent.example.com/hooks/dockets",
      status,
      attempts,
      first_attempt_at: new Date(first).toISOString(),
      last_attempt_at: new Date(last).toISOString(),
      last_response_code: status === "succeeded" ? 200 : i % 3 === 0 ? null : 503,
      idempotency_key: uuidV4From(`sandbox-delivery-${i}`),
    });
  }
  return records;
}

export const SANDBOX_DELIVERIES: readonly DeliveryRecord[] = buildDeliveries();


const ROTATION_WINDOW_MS = 30 * 60 * 1000;

export function sandboxKeyState(meta: MetaBase): WalletKeysResponse {
  return {
    meta: walletMeta(meta, 0),
    wallet: SANDBOX_WALLET,
    current_key_id: SANDBOX_CURRENT_KEY_ID,
    current_key_created_at: SANDBOX_CURRENT_KEY_CREATED_AT,
    previous_key_id: null,
  };
}

/** What a rotation would answer; the sandbox stores nothing, so the key state above stays as it is. */
export function sandboxRotation(meta: MetaBase, now: Date): WalletKeyRotationResponse {
  return {
    meta: walletMeta(meta, 0),
    wallet: SANDBOX_WALLET,
    new_key_id: SANDBOX_ROTATED_KEY_ID,
    new_key_secret: SANDBOX_ROTATED_KEY_SECRET,
    new_key_created_at: now.toISOString(),
    previous_key_id: SANDBOX_CURRENT_KEY_ID,
    previous_key_valid_until: new Date(now.getTime() + ROTATION_WINDOW_MS).toISOString(),
  };
}

export function sandboxDeliveries(meta: MetaBase, options: DeliveryPageOptions): WalletDeliveriesResponse {
  return { meta: walletMeta(meta, 0), wallet: SANDBOX_WALLET, ...pageDeliveries(SANDBOX_DELIVERIES, options) };
}
