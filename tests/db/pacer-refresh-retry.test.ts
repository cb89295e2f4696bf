// A PACER refresh step that fails part way is retried by Inngest as a whole: the cases the failed attempt
// already stored must not be bought again (the free feed says they are current), their fees not counted twice,
// their new entries not told again; only the report whose reading was lost is bought again.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CaseResponse } from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import { refreshCases } from "@/lib/refresh/refresh-cases";
import { pacerSettings } from "@/lib/sources/pacer/pacer-settings";
import { pollCourtFeed } from "@/lib/sources/pacer/poll-court-feed";
import { pollPacerFeeds } from "@/lib/sources/pacer/poll-pacer-feeds";
import { callRoute } from "../helpers/call-route";
import { HAS_CORPUS } from "../helpers/corpus";
import { startPacerEnvironment, type PacerEnvironment } from "../helpers/replay/pacer-environment";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

vi.hoisted(() => {
  process.env.PACER_USERNAME = "replay-user";
  process.env.PACER_PASSWORD = "correct horse battery staple";
});
vi.mock("@/lib/payments/run-paid", async () => (await import("../helpers/payment-stand-in")).paymentStandIn("0x00000000000000000000000000000000000000aa"));
// The store of one case fails once (a lost connection): the step fails after others of it were stored.
const failing = vi.hoisted(() => ({ caseId: "", once: true }));
vi.mock("@/lib/cases/store-case", async (importOriginal) =>
  (await import("../helpers/failing-store")).failingStore(await importOriginal<typeof import("@/lib/cases/store-case")>(), failing),
);

const LAED = "pacer/district/laed_127926.html";

let env: PacerEnvironment;
beforeAll(async () => {
  env = await startPacerEnvironment();
});
afterAll(async () => env?.close());

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("a PACER refresh step retried after part of it was stored, on %s", (name, target) => {
  const database = databaseForSuite(target, (opened) => useDatabase(opened.db));
  const prisma = () => database().db.prisma;

  it("buys again only the report whose reading was lost, counts each bill once, and tells no entry twice", async () => {
    env.pacer.feeds.set("laed", { kind: "all" });
    const earlier = new Date(Date.now() - 30 * 60_000);
    env.pacer.advanceTo("2009-06-30");
    const serial = name === "pglite" ? 100 : 200;
    const cases = [0, 1].map((index) => env.pacer.host(LAED, { court: "laed", caseId: `2:23-cv-${String(70000 + serial + index)}`, visibleAt: earlier }));
    expect((await pollCourtFeed(prisma(), pacerSettings()!, "laed", new Date())).status).toBe("ok");
    for (const hosted of cases) {
      const answer = await callRoute<CaseResponse>(getCase, "/v2/case", { query: { case_id: hosted.caseId, court_code: "laed" } });
      expect(answer.status).toBe(200);
    }
    env.pacer.advanceTo(null); // both dockets gain entries, which the feed lists
    await pollPacerFeeds(prisma(), new Date());
    const ids = cases.map((hosted) => hosted.caseId);
    const reports = () => env.server.requests(/DktRpt\.pl/).length;
    const before = { reports: reports(), fees: await prisma().pacerFee.count({ where: { caseId: { in: ids } } }) };

    // The first attempt stores the first case, then the second case's store fails: the step fails.
    failing.caseId = ids[1]!;
    await expect(refreshCases({ prisma: prisma(), court: findCourt("laed")!, caseIds: ids, now: new Date(), concurrency: 1 })).rejects.toThrow("connection lost");
    const stored = await prisma().$queryRawUnsafe<Array<{ entry_key: string; appeared_at: Date }>>(
      "SELECT e.entry_key, e.appeared_at FROM docket_entries e JOIN cases c ON c.id = e.case_ref WHERE c.court_code = 'laed' AND c.case_id = $1",
      ids[0],
    );
    // Inngest's retry of the step: the same cases again.
    const retry = await refreshCases({ prisma: prisma(), court: findCourt("laed")!, caseIds: ids, now: new Date(), concurrency: 1 });
    expect(retry).toMatchObject({ refreshed: 1, skipped: 1, unavailable: 0 });
    // Two reports for the two cases (the second bought twice: the first attempt's reading was lost), not three more.
    expect(reports() - before.reports).toBe(3);
    expect(await prisma().pacerFee.count({ where: { caseId: ids[0], estimated: false } })).toBe(before.fees / 2 + 1);
    const again = await prisma().$queryRawUnsafe<Array<{ entry_key: string; appeared_at: Date }>>(
      "SELECT e.entry_key, e.appeared_at FROM docket_entries e JOIN cases c ON c.id = e.case_ref WHERE c.court_code = 'laed' AND c.case_id = $1",
      ids[0],
    );
    const appeared = new Map(again.map((entry) => [entry.entry_key, entry.appeared_at.getTime()]));
    for (const entry of stored) expect(appeared.get(entry.entry_key)).toBe(entry.appeared_at.getTime());
    expect(again.length).toBe(stored.length);
  });
});
