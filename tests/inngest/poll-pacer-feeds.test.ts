// The RSS poller on Inngest (@inngest/test runs the real step bodies): one step per court with tracked PACER
// cases, over real HTTP to the replay server, marking the cases its feed mentions; nothing is billed.
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pollPacerFeeds } from "@/inngest/functions/poll-pacer-feeds";
import { useDatabase } from "@/lib/db";
import { HAS_CORPUS } from "../helpers/corpus";
import { startPacerEnvironment, type PacerEnvironment } from "../helpers/replay/pacer-environment";
import { DATABASE_TARGETS, type TestDatabase } from "../helpers/test-database";

vi.hoisted(() => {
  process.env.PACER_USERNAME = "replay-user";
  process.env.PACER_PASSWORD = "correct horse battery staple";
});

let opened: TestDatabase;
let env: PacerEnvironment;
beforeAll(async () => {
  opened = await DATABASE_TARGETS[0]!.open();
  useDatabase(opened.db);
  env = await startPacerEnvironment();
});
afterAll(async () => {
  await env?.close();
  await opened?.dispose();
});

describe.skipIf(!HAS_CORPUS)("poll-pacer-feeds", () => {
  it("polls each court with tracked PACER cases in its own step and marks the cases its feed mentions", async () => {
    const prisma = opened.db.prisma;
    env.pacer.feeds.set("laed", { kind: "all" });
    env.pacer.feeds.set("txed", { kind: "none" });
    const laed = env.pacer.host("pacer/district/laed_127926.html", { court: "laed", caseId: "2:08-cv-04256" });
    env.pacer.host("pacer/district/txed.html", { court: "txed", caseId: "6:07-cv-00354" });
    const old = new Date(Date.now() - 3600_000);
    for (const [courtCode, caseId, pacerCaseId] of [["laed", "2:08-cv-04256", laed.pacerCaseId], ["txed", "6:07-cv-00354", "1"]] as const) {
      await prisma.case.create({
        data: { courtCode, caseId, caseNumber: caseId, caseName: "X v. Y", caseType: "civil", status: "open", sourceSystem: "pacer", lastRefreshedAt: old, lastQueriedAt: new Date() },
      });
      await prisma.pacerCase.create({ data: { courtCode, caseId, pacerCaseId, listedNumber: caseId } });
    }
    // A cached case PACER has not mapped yet: the feed's link gives its id for free.
    const unmapped = env.pacer.host("pacer/district/mad_193254.html", { court: "laed", caseId: "2:17-cv-12090" });
    await prisma.case.create({
      data: { courtCode: "laed", caseId: "2:17-cv-12090", caseNumber: "2:17-cv-12090", caseName: "X v. Z", caseType: "civil", status: "open", sourceSystem: "pacer", lastRefreshedAt: old, lastQueriedAt: new Date() },
    });
    const run = await new InngestTestEngine({ function: pollPacerFeeds }).execute();
    expect(run.result).toEqual({ courts: 2, marked: 2, failed: [] });
    const mapped = await prisma.pacerCase.findUnique({ where: { courtCode_caseId: { courtCode: "laed", caseId: "2:17-cv-12090" } } });
    expect(mapped?.pacerCaseId).toBe(unmapped.pacerCaseId);
    expect(run.ctx.step.run).toHaveBeenCalledWith("poll laed", expect.any(Function));
    expect(run.ctx.step.run).toHaveBeenCalledWith("poll txed", expect.any(Function));
    const marked = await prisma.pacerCase.findUnique({ where: { courtCode_caseId: { courtCode: "laed", caseId: "2:08-cv-04256" } } });
    expect(marked?.changedAt?.getTime()).toBeGreaterThan(old.getTime());
    expect(await prisma.pacerFeed.findUnique({ where: { courtCode: "txed" } })).toMatchObject({ entryTypes: "none", okSince: null });
    expect(await prisma.pacerFeed.findUnique({ where: { courtCode: "laed" } })).toMatchObject({ entryTypes: "all", lastError: null });
    expect(env.pacer.bills).toHaveLength(0);
    expect(env.pacer.logins).toHaveLength(0); // feeds are public: no login
  });
});
