// Which cases the court was asked for since a refresh run's tick (lib/refresh/already-asked.ts), on each database:
// a stored reading, an ask that stored none (not found, no answer), PACER's free signals vouching for the cache.
import { describe, expect, it } from "vitest";
import { storeCase } from "@/lib/cases/store-case";
import { findCourt } from "@/lib/courts/registry";
import { listAskedSince, recordAskedUnanswered } from "@/lib/refresh/already-asked";
import { recordVanishedCase } from "@/lib/refresh/record-vanished-case";
import { normalizeCase } from "@/lib/sources/normalize/normalize-case";
import { civilCase } from "../helpers/scripted-source";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

describe.each(EACH_DATABASE)("cases asked since a tick on %s", (_name, target) => {
  const database = databaseForSuite(target);

  it("are those read, not found, unanswered or vouched for at or after it, not the others", async () => {
    const prisma = database().db.prisma;
    const ids = ["1:26-cv-86001", "1:26-cv-86002", "1:26-cv-86003", "1:26-cv-86004", "1:26-cv-86005"];
    for (const id of ids) await storeCase({ prisma, record: normalizeCase(findCourt("nysd")!, id, civilCase(id)), source: "scripted" });
    await prisma.case.updateMany({ where: { courtCode: "nysd" }, data: { lastRefreshedAt: new Date(Date.now() - 7_200_000) } });
    const tick = new Date(Date.now() - 60_000);

    await storeCase({ prisma, record: normalizeCase(findCourt("nysd")!, ids[0]!, civilCase(ids[0]!)), source: "scripted" });
    await recordVanishedCase(prisma, "nysd", ids[1]!, false);
    await recordAskedUnanswered(prisma, "nysd", ids[2]!);
    await prisma.pacerCase.create({ data: { courtCode: "nysd", caseId: ids[3]!, pacerCaseId: "123456", listedNumber: "1:26-cv-86004", feedItemKeys: [], verifiedAt: new Date() } });

    expect([...(await listAskedSince(prisma, "nysd", ids, tick))].sort()).toEqual(ids.slice(0, 4));
    // Asked before a later tick: asked again.
    expect(await listAskedSince(prisma, "nysd", ids, new Date(Date.now() + 60_000))).toEqual(new Set());
    expect(await listAskedSince(prisma, "nysd", [], tick)).toEqual(new Set());
  });

  it("go by when a stored reading began where it is kept (cases.read_from), not by when it was written", async () => {
    const prisma = database().db.prisma;
    const court = findCourt("nysd")!;
    const [before, after] = ["1:26-cv-86101", "1:26-cv-86102"];
    const tick = new Date(Date.now() - 60_000);
    // Both written after the tick; the first reading was asked of PACER before it (a slow report, a wait for the
    // case's write): it holds what the court listed then, not what it listed at the tick.
    await storeCase({ prisma, record: normalizeCase(court, before!, civilCase(before!)), source: "scripted", readFrom: new Date(tick.getTime() - 30_000).toISOString() });
    await storeCase({ prisma, record: normalizeCase(court, after!, civilCase(after!)), source: "scripted", readFrom: new Date(tick.getTime() + 1_000).toISOString() });
    expect([...(await listAskedSince(prisma, "nysd", [before!, after!], tick))]).toEqual([after]);
  });
});
