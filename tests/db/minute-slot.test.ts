// The per-minute limit's database function on PGlite and PostgreSQL: exact under concurrency, a rolling
// 60-second window, subjects kept apart, and the wait until the oldest counted request leaves the window.
import { describe, expect, it } from "vitest";
import { takeMinuteSlot } from "@/lib/limits/take-minute-slot";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

const at = (iso: string) => new Date(iso);

describe.each(EACH_DATABASE)("take_minute_slot on %s", (_name, target) => {
  const database = databaseForSuite(target);
  const prisma = () => database().db.prisma;

  it("lets exactly the limit through when requests race, and records only those", async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => takeMinuteSlot(prisma(), "wallet:race", 10, at("2026-11-20T10:00:00Z"))));
    expect(results.filter((result) => result.ok)).toHaveLength(10);
    expect(results.filter((result) => !result.ok)).toEqual(Array.from({ length: 15 }, () => ({ ok: false, retryAfterSeconds: 60 })));
    const rows = await prisma().$queryRawUnsafe<{ count: number }[]>("SELECT count(*)::int AS count FROM rate_limit_hits WHERE subject = 'wallet:race'");
    expect(rows[0]!.count).toBe(10);
  });

  it("frees a slot when the oldest counted request is 60 seconds old, and says when", async () => {
    const subject = "ip:203.0.113.7";
    expect(await takeMinuteSlot(prisma(), subject, 2, at("2026-11-20T11:00:00Z"))).toEqual({ ok: true });
    expect(await takeMinuteSlot(prisma(), subject, 2, at("2026-11-20T11:00:20Z"))).toEqual({ ok: true });
    expect(await takeMinuteSlot(prisma(), subject, 2, at("2026-11-20T11:00:45.500Z"))).toEqual({ ok: false, retryAfterSeconds: 15 });
    expect(await takeMinuteSlot(prisma(), subject, 2, at("2026-11-20T11:00:59.999Z"))).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(await takeMinuteSlot(prisma(), subject, 2, at("2026-11-20T11:01:00Z"))).toEqual({ ok: true });
    // Other subjects have their own window.
    expect(await takeMinuteSlot(prisma(), "ip:203.0.113.8", 2, at("2026-11-20T11:00:30Z"))).toEqual({ ok: true });
  });

  it("prunes requests that left the window", async () => {
    const subject = "wallet:prune";
    for (let second = 0; second < 5; second += 1) await takeMinuteSlot(prisma(), subject, 100, at(`2026-11-20T12:00:0${second}Z`));
    await takeMinuteSlot(prisma(), subject, 100, at("2026-11-20T12:05:00Z"));
    const rows = await prisma().$queryRawUnsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM rate_limit_hits WHERE subject = '${subject}'`);
    expect(rows[0]!.count).toBe(1);
  });
});
