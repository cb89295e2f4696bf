// The rate-limit pruning cron on Inngest (@inngest/test runs the real step body) against the real database:
// rows no limit can count any more go (a caller seen once left its rows for good before), the rest stay and
// still count.
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneRateLimitsCron } from "@/inngest/functions/prune-rate-limits";
import { useDatabase } from "@/lib/db";
import { takeMinuteSlot } from "@/lib/limits/take-minute-slot";
import { DATABASE_TARGETS, type TestDatabase } from "../helpers/test-database";

let opened: TestDatabase;
beforeAll(async () => {
  opened = await DATABASE_TARGETS[0]!.open();
  useDatabase(opened.db);
});
afterAll(async () => opened?.dispose());

describe("prune-rate-limits", () => {
  it("deletes minute hits older than the window and expired daily counters, keeps the rest", async () => {
    const prisma = opened.db.prisma;
    const now = Date.now();
    const at = (msAgo: number) => new Date(now - msAgo);
    // 200 callers seen once, two minutes ago: nothing ever asked for their rows again.
    for (let index = 0; index < 200; index += 1) await takeMinuteSlot(prisma, `ip:198.51.100.${index % 250}-${index}`, 60, at(120_000));
    // A caller within the window: its rows still count.
    for (let index = 0; index < 3; index += 1) await takeMinuteSlot(prisma, "ip:203.0.113.7", 3, at(10_000));
    await prisma.rateLimitCounter.createMany({
      data: [
        { subject: "wallet:0xold", window: "day", windowStart: at(3 * 86_400_000), count: 5, expiresAt: at(86_400_000) },
        { subject: "wallet:0xnew", window: "day", windowStart: at(3_600_000), count: 5, expiresAt: new Date(now + 86_400_000) },
      ],
    });

    const { result } = await new InngestTestEngine({ function: pruneRateLimitsCron }).execute();
    expect(result).toEqual({ hits: 200, counters: 1 });
    expect(await prisma.rateLimitHit.count()).toBe(3);
    expect((await prisma.rateLimitCounter.findMany()).map((row) => row.subject)).toEqual(["wallet:0xnew"]);
    // The caller within the window is still limited.
    expect((await takeMinuteSlot(prisma, "ip:203.0.113.7", 3, new Date())).ok).toBe(false);
  });
});
