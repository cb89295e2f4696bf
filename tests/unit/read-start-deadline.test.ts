// Until when a request starts reading its cases: from the lookup's start, and never after the paying
// authorization's validBefore less the settlement's room and one fetch deadline (the earlier of the two).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStartDeadline } from "@/lib/cases/read-start-deadline";
import { resetEnvForTests } from "@/lib/env";
import { withAuthorizationExpiry } from "@/lib/payments/authorization-expiry";

const saved = { X402_MAX_TIMEOUT_SECONDS: process.env.X402_MAX_TIMEOUT_SECONDS, SOURCE_TIMEOUT_MS: process.env.SOURCE_TIMEOUT_MS };
beforeAll(() => {
  process.env.X402_MAX_TIMEOUT_SECONDS = "300";
  process.env.SOURCE_TIMEOUT_MS = "15000";
  resetEnvForTests();
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
});

describe("a request's read-start deadline", () => {
  const start = Date.parse("2026-11-27T12:00:00Z");

  it("without a payment (sandbox, tests): half of X402_MAX_TIMEOUT_SECONDS less 30 s and one fetch deadline after the lookup's start", () => {
    expect(readStartDeadline(start)).toBe(start + 105_000);
  });

  it("paid with an authorization that ends sooner than that allows: validBefore less 30 s and one fetch deadline", async () => {
    // 125 s left when the lookup starts (its verification took 25 s of the 150 s it had).
    const deadline = await withAuthorizationExpiry(new Date(start + 125_000), async () => readStartDeadline(start));
    expect(deadline).toBe(start + 80_000);
  });

  it("paid with an authorization valid longer: never later than the rule from the lookup's start", async () => {
    const deadline = await withAuthorizationExpiry(new Date(start + 300_000), async () => readStartDeadline(start));
    expect(deadline).toBe(start + 105_000);
  });
});
