// The sandbox limit (60 a minute per client address) without a database round trip where none is needed:
// on the embedded database the process's memory holds the whole count (nothing is written); on PostgreSQL
// the shared table counts across instances, and the memory refuses a client this instance alone has seen
// at the limit without asking it. Both exact: the limit-th request passes, the next is refused with the
// wait until the oldest counted request leaves the window.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClockOffsetForTests } from "@/lib/clock";
import { useDatabase } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { limitSandbox } from "@/lib/limits/limit-sandbox";
import { MinuteWindow } from "@/lib/limits/minute-window";
import { takeMinuteSlot } from "@/lib/limits/take-minute-slot";
import { limitKey, PEER_ADDRESS_HEADER } from "@/lib/http/client-address";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

const LIMIT = 5;
const from = (address: string) => new Request("http://localhost/v2/case?test=1", { headers: { [PEER_ADDRESS_HEADER]: address } });
const refusal = async (address: string) => {
  try {
    await limitSandbox(from(address));
    return null;
  } catch (error) {
    return error instanceof ServiceError ? { code: error.code, retryAfter: error.details.retry_after } : error;
  }
};

describe("the in-memory minute window", () => {
  const at = (iso: string) => new Date(iso);
  it("counts like take_minute_slot: the limit-th passes, the next waits for the oldest to leave the window", () => {
    const window = new MinuteWindow();
    expect(window.take("a", 2, at("2026-11-20T11:00:00Z"))).toEqual({ ok: true });
    expect(window.take("a", 2, at("2026-11-20T11:00:20Z"))).toEqual({ ok: true });
    expect(window.take("a", 2, at("2026-11-20T11:00:45.500Z"))).toEqual({ ok: false, retryAfterSeconds: 15 });
    expect(window.take("a", 2, at("2026-11-20T11:00:59.999Z"))).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(window.take("a", 2, at("2026-11-20T11:01:00Z"))).toEqual({ ok: true });
    expect(window.take("b", 2, at("2026-11-20T11:00:30Z"))).toEqual({ ok: true });
    expect(window.refuses("a", 2, at("2026-11-20T11:01:00Z"))).toEqual({ ok: false, retryAfterSeconds: 20 });
    expect(window.refuses("b", 2, at("2026-11-20T11:01:00Z"))).toBeNull();
  });

  it("forgets subjects whose requests left the window: memory stays bounded", () => {
    const window = new MinuteWindow();
    const start = Date.parse("2026-11-20T11:00:00Z");
    for (let i = 0; i < 10_000; i += 1) window.take(`ip:${i}`, 60, new Date(start + i * 20));
    // 10,000 subjects over 200 s: those older than a minute are swept as new ones arrive.
    expect(window.size).toBeLessThan(4_096 + 3_000);
  });
});

describe("what a per-address limit counts", () => {
  it("an IPv6 caller by its /64, an IPv4-mapped address as IPv4, IPv4 as it is", () => {
    expect(limitKey("2001:db8:1:2::5")).toBe("2001:db8:1:2::/64");
    expect(limitKey("2001:0db8:0001:0002:ffff:0:0:6")).toBe("2001:db8:1:2::/64");
    expect(limitKey("[2001:db8:1:2:3:4:5:6]")).toBe("2001:db8:1:2::/64");
    expect(limitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(limitKey("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(limitKey("::1")).toBe("0:0:0:0::/64");
    expect(limitKey("2001:db8:1:3::5")).not.toBe(limitKey("2001:db8:1:2::5"));
    expect(limitKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    // IPv4 written inside IPv6 in other spellings is still one IPv4 client (each its own, not one shared /64).
    expect(limitKey("0:0:0:0:0:ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(limitKey("::ffff:cb00:7109")).toBe("203.0.113.9");
    expect(limitKey("64:ff9b::198.51.100.7")).toBe("198.51.100.7");
    expect(limitKey("::203.0.113.9")).toBe("203.0.113.9");
    // A port is not part of the caller.
    expect(limitKey("[2001:db8:1:2::5]:443")).toBe("2001:db8:1:2::/64");
    expect(limitKey("198.51.100.7:8080")).toBe("198.51.100.7");
    expect(limitKey("198.51.100.7")).toBe("198.51.100.7");
    expect(limitKey("unknown")).toBe("unknown");
  });
});

describe.each(EACH_DATABASE)("the sandbox limit on %s", (name, target) => {
  const opened = databaseForSuite(target);
  beforeAll(() => {
    process.env.SANDBOX_RATE_LIMIT_PER_MINUTE = String(LIMIT);
    resetEnvForTests();
    useDatabase(opened().db);
  });
  afterEach(() => setClockOffsetForTests(0));

  const hits = async (subject: string) =>
    (await opened().db.prisma.$queryRawUnsafe<{ count: number }[]>("SELECT count(*)::int AS count FROM rate_limit_hits WHERE subject = $1", subject))[0]!.count;

  it("lets exactly the limit through per address in a minute, then 429 with the wait; other addresses unaffected", async () => {
    const address = `198.51.100.${name === "pglite" ? 1 : 2}`;
    for (let i = 0; i < LIMIT; i += 1) expect(await refusal(address)).toBeNull();
    const refused = await refusal(address);
    expect(refused).toMatchObject({ code: "rate_limited" });
    expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThanOrEqual(59);
    expect(await refusal(`${address}0`)).toBeNull();
    // A minute later the window has moved on.
    setClockOffsetForTests(61_000);
    expect(await refusal(address)).toBeNull();
  });

  it("counts the addresses of one IPv6 /64 as one caller, and an IPv4-mapped address as its IPv4", async () => {
    const block = name === "pglite" ? "2001:db8:a:1" : "2001:db8:a:2";
    for (let i = 0; i < LIMIT; i += 1) expect(await refusal(`${block}::${i + 1}`)).toBeNull();
    expect(await refusal(`${block}::ff`)).toMatchObject({ code: "rate_limited" });
    expect(await refusal(`${block}1::1`)).toBeNull();
    const v4 = `198.51.100.${name === "pglite" ? 31 : 32}`;
    for (let i = 0; i < LIMIT; i += 1) expect(await refusal(i % 2 ? v4 : `::ffff:${v4}`)).toBeNull();
    expect(await refusal(v4)).toMatchObject({ code: "rate_limited" });
  });

  it(name === "pglite" ? "keeps the count in memory: no database round trip, nothing written" : "counts in the shared table, across instances", async () => {
    const address = `198.51.100.${name === "pglite" ? 11 : 12}`;
    for (let i = 0; i < 3; i += 1) expect(await refusal(address)).toBeNull();
    expect(await hits(`ip:${address}`)).toBe(name === "pglite" ? 0 : 3);
    if (name === "postgres") {
      // Another instance counted two requests of this address: the shared count decides, exactly.
      const at = new Date();
      for (let i = 0; i < 2; i += 1) expect(await takeMinuteSlot(opened().db.prisma, `ip:${address}`, LIMIT, at)).toEqual({ ok: true });
      expect(await refusal(address)).toMatchObject({ code: "rate_limited" });
      expect(await hits(`ip:${address}`)).toBe(LIMIT);
    }
  });

  it.runIf(name === "postgres")("refuses from memory, without asking the database, a client this instance alone saw at the limit", async () => {
    const address = "198.51.100.22";
    for (let i = 0; i < LIMIT; i += 1) expect(await refusal(address)).toBeNull();
    // The shared table forgets this client (as if pruned): a refusal now can only come from memory.
    await opened().db.prisma.$executeRawUnsafe("DELETE FROM rate_limit_hits WHERE subject = $1", `ip:${address}`);
    expect(await refusal(address)).toMatchObject({ code: "rate_limited" });
    expect(await hits(`ip:${address}`)).toBe(0);
  });
});
