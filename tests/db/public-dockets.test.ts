// The three free public docket systems as live sources, end to end over real HTTP: the replay server
// (tests/helpers/replay) speaks the Supreme Court's docket JSON, TAMES and ACIS from recorded real records;
// the production adapters fetch, read and normalize them, the real cache stores them, on PGlite and
// PostgreSQL. Payment is the one stand-in here (tests/payments/public-dockets-paid.test.ts pays for real).
import { load } from "cheerio";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CaseFull, CaseResponse, DocketEntry, MonitorResponse } from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { GET as getMonitor } from "@/app/v2/monitor/route";
import { GET as getStatus } from "@/app/v2/status/route";
import { findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { refreshCases } from "@/lib/refresh/refresh-cases";
import { caseObjectOf } from "@/lib/sources/read-saved-page";
import { fetchAcisCourts, forgetAcisCourtsForTests } from "@/lib/sources/florida/fetch-acis";
import { getCourtHttpClient, resetCourtHttpClientForTests } from "@/lib/sources/http/court-http-client";
import { withFetchDeadline } from "@/lib/sources/http/fetch-deadline";
import { inBackground } from "@/lib/sources/http/request-priority";
import { forgetFeeBudgetNotice, spentFeeBudget } from "@/lib/sources/pacer/fee-budget-notice";
import { readAcisDocketEntries } from "@/lib/sources/florida/read-acis-docket-entries";
import { readScotusJson } from "@/lib/sources/scotus/read-scotus-json";
import { readTamesCase } from "@/lib/sources/texas/read-tames-case";
import type { DocketRead } from "@/lib/sources/types";
import { callRoute } from "../helpers/call-route";
import { corpusText, HAS_CORPUS, NO_CORPUS_MESSAGE } from "../helpers/corpus";
import { startPublicDocketsEnvironment, type PublicDocketsEnvironment } from "../helpers/replay/public-dockets-environment";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

vi.hoisted(() => {
  // The registry computes coverage when first imported: the systems must be connected before that.
  process.env.PUBLIC_DOCKET_SYSTEMS = "scotus,tames,acis";
});
vi.mock("@/lib/payments/run-paid", async () => (await import("../helpers/payment-stand-in")).paymentStandIn("0x00000000000000000000000000000000000000ac"));

type Answer = CaseResponse & { error: { code: string; message: string } };
const query = (courtCode: string, caseId: string, extra: Record<string, string> = {}) =>
  callRoute<Answer>(getCase, "/v2/case", { query: { case_id: caseId, court_code: courtCode, context: "full", ...extra } });

/**
 * Entries the chronological order cannot tell apart (same filing time, no numbers) are served in the cache's
 * own fixed order, not necessarily the page's: compared in one order on both sides.
 */
const canonical = (body: CaseFull) => ({ ...body, docket_history: [...body.docket_history].sort((a, b) => Date.parse(a.filed_at) - Date.parse(b.filed_at) || a.description.localeCompare(b.description)) });

/** What the court's record reads as, normalized and built as the API builds it. */
const expectedCase = (read: DocketRead | { kind: "refused" }) => {
  if (read.kind !== "case") throw new Error("the record does not read");
  return caseObjectOf(read, { kind: "us_state", system: "test" }, new Date());
};
const entryText = (entries: readonly DocketEntry[]) => entries.map((entry) => `${entry.filed_at} ${entry.description}`);

/**
 * Runs `work` with a PACER account configured and its daily fee budget spent (one reported $3.00 docket against a
 * $1.00 budget). Nothing is asked of PACER: its URLs lead nowhere.
 */
async function withSpentPacerBudget<T>(prisma: PrismaClient, work: () => Promise<T>): Promise<T> {
  const settings: Record<string, string> = {
    PACER_USERNAME: "replay-user",
    PACER_PASSWORD: "correct horse battery staple",
    PACER_LOGIN_URL: "http://127.0.0.1:9/pacer-login",
    PACER_ECF_URL_TEMPLATE: "http://127.0.0.1:9/ecf/{court}",
    PACER_DAILY_BUDGET_USD: "1",
  };
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  const reread = () => {
    resetEnvForTests();
    forgetFeeBudgetNotice();
  };
  Object.assign(process.env, settings);
  reread();
  const fee = await prisma.pacerFee.create({ data: { courtCode: "nysd", kind: "docket_full", bytes: 30 * 4320, billedPages: 30, costCents: 300 } });
  try {
    expect(await spentFeeBudget(prisma, new Date())).toMatchObject({ scope: "daily" });
    return await work();
  } finally {
    await prisma.pacerFee.delete({ where: { id: fee.id } });
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    reread();
  }
}

let env: PublicDocketsEnvironment;
beforeAll(async () => {
  if (HAS_CORPUS) env = await startPublicDocketsEnvironment();
});
afterAll(async () => env?.close());

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("the free public docket systems on %s", (_name, target) => {
  const opened = databaseForSuite(target);
  beforeAll(() => useDatabase(opened().db));

  it("covers the Supreme Court, Texas' and Florida's appellate courts, saying which system serves each", async () => {
    const status = await callRoute<{ courts: Array<{ court_code: string; coverage: string; case_management_system: string | null }> }>(getStatus, "/v2/status");
    const byCode = new Map(status.body.courts.map((court) => [court.court_code, court]));
    expect(byCode.get("scotus")).toMatchObject({ coverage: "full", case_management_system: "Supreme Court of the United States docket" });
    for (const code of ["txsupct", "texcrimapp", ...Array.from({ length: 15 }, (_, i) => `texapp${i + 1}`)]) expect(byCode.get(code)).toMatchObject({ coverage: "full", case_management_system: "TAMES" });
    for (const code of ["fla", ...Array.from({ length: 6 }, (_, i) => `fladistctapp${i + 1}`)]) expect(byCode.get(code)).toMatchObject({ coverage: "full", case_management_system: "ACIS" });
  });

  it("the Supreme Court: a docket's JSON, read and normalized, is what a query answers", async () => {
    const before = env.server.log.length;
    const answer = await query("scotus", "16-1362");
    expect(answer.status).toBe(200);
    expect(canonical(answer.body.case as CaseFull)).toEqual(canonical(expectedCase(readScotusJson(corpusText("scotus/json/16-1362.compare.json")))));
    expect(answer.body.meta.cache_age_seconds).toBe(0);
    expect(env.server.log.slice(before).map((entry) => entry.url)).toEqual(["/RSS/Cases/JSON/16-1362.json"]);
    // An application's docket (23A999) by its own number.
    expect((await query("scotus", "23A999")).status).toBe(200);
  });

  it("Texas: the Supreme Court, the Court of Criminal Appeals and a court of appeals, each from its own page", async () => {
    for (const [court, number, file] of [
      ["txsupct", "25-1066", "state/texas/sc/25-1066.html"],
      ["texcrimapp", "PD-0975-25", "state/texas/coca/PD-0975-25.html"],
      ["texapp1", "01-25-00011-CV", "state/texas/coa/01-25-00011-CV.html"],
    ] as const) {
      const before = env.server.log.length;
      const answer = await query(court, number);
      expect(answer.status, `${court} ${number}`).toBe(200);
      expect(canonical(answer.body.case as CaseFull)).toEqual(canonical(expectedCase(readTamesCase(corpusText(file)))));
      const asked = env.server.log.slice(before).map((entry) => new URL(entry.url, "http://x"));
      expect(asked).toHaveLength(1);
      expect(asked[0]!.pathname).toBe("/Case.aspx");
      expect(asked[0]!.searchParams.get("cn")).toBe(number);
      expect(asked[0]!.searchParams.get("coa")).toBe(env.tames.courtOf(number));
    }
  });

  it("Florida: the list of courts one caller started serves the others, also when that caller gives up (a refresh's deadline)", async () => {
    forgetAcisCourtsForTests();
    env.acis.courtsDelayMs = 300;
    try {
      const refresh = new AbortController();
      const started = inBackground(() => fetchAcisCourts(refresh.signal));
      const live = fetchAcisCourts(AbortSignal.timeout(5_000));
      setTimeout(() => refresh.abort(new Error("the refresh's deadline")), 50);
      await expect(started).rejects.toMatchObject({ name: "CourtHttpError", kind: "aborted" });
      const courts = await live;
      expect(Array.isArray(courts) && courts.length).toBeGreaterThan(0);
    } finally {
      env.acis.courtsDelayMs = 0;
    }
  });

  it("Florida: the list of courts one caller started waits for a short quiet of the court on its own deadline, not on that caller's", async () => {
    forgetAcisCourtsForTests();
    // The host (every replayed system's here) asks for 2 s of quiet.
    env.server.rewrite(/RSS\/Cases\/JSON\/24-998/, (answer) => ({ status: 429, headers: { ...answer.headers, "retry-after": "2" }, body: Buffer.from("Too Many Requests") }));
    try {
      await expect(getCourtHttpClient().request({ url: `${env.server.baseUrl}/RSS/Cases/JSON/24-998.json`, retry: false })).rejects.toMatchObject({ retryAt: expect.any(Date) });
      env.server.clearFaults();
      // A fetch whose deadline comes before the quiet's end starts the list; one with time to wait joins it.
      const short = withFetchDeadline(Date.now() + 500, () => fetchAcisCourts(AbortSignal.timeout(500)));
      const long = withFetchDeadline(Date.now() + 6_000, () => fetchAcisCourts(AbortSignal.timeout(6_000)));
      await expect(short).rejects.toBeInstanceOf(Error);
      // Before: the shared request ran on the first caller's fetch deadline (async context) and failed at once
      // for the quiet, failing the caller that could have waited with it.
      const courts = await long;
      expect(Array.isArray(courts) && courts.length).toBeGreaterThan(0);
    } finally {
      env.server.clearFaults();
      resetCourtHttpClientForTests();
    }
  });

  it("Florida: the case found by its number, then its parties and its docket entries, page by page", async () => {
    forgetAcisCourtsForTests();
    const [number] = env.acis.wholeCases();
    expect(number).toBe("4D2026-0606");
    const before = env.server.log.length;
    const answer = await query("fladistctapp4", number!);
    expect(answer.status).toBe(200);
    const body = answer.body.case as CaseFull;
    expect(body).toMatchObject({ case_number: "4D2026-0606", case_name: "Isaiah Hargrett v. State of Florida", status: "open", date_filed: "2026-03-05" });
    const recorded = readAcisDocketEntries(corpusText("state/florida/docket_entries/4D2026-0606.compare.json"));
    if (recorded.kind !== "partial") throw new Error("the recorded docket entries do not read");
    const oldestFirst = [...recorded.entries!].sort((a, b) => Date.parse(a.filed) - Date.parse(b.filed));
    expect(body.docket_history.map((entry) => entry.description)).toEqual(oldestFirst.map((entry) => entry.text));
    // Filing times to the second, in the court's own offset.
    const second = (iso: string) => Math.floor(Date.parse(iso) / 1000);
    expect(body.docket_history.map((entry) => second(entry.filed_at))).toEqual(oldestFirst.map((entry) => second(entry.filed)));
    expect(body.docket_history.every((entry) => /-0[45]:00$/.test(entry.filed_at))).toBe(true);
    expect(body.appellate?.originating_court).toMatchObject({ case_id: "062016CF013112A88810" });
    const paths = env.server.log.slice(before).map((entry) => entry.url.split("?")[0]);
    expect(paths[0]).toBe("/courts/cms/cases/");
    expect(paths).toContain("/courts");
    expect(paths.filter((path) => path!.endsWith("/parties"))).toHaveLength(1);
    expect(paths.filter((path) => path!.endsWith("/docketentries"))).toHaveLength(1);
  });

  it("Florida: a case whose search header lacks its court's number (courtID) is found by the court its number names", async () => {
    forgetAcisCourtsForTests();
    const recorded = JSON.parse(corpusText("state/florida/cases/unfiltered.compare.json")) as { _embedded: { results: { caseHeader: Record<string, unknown> }[] } };
    const own = recorded._embedded.results.filter((item) => item.caseHeader.caseNumber === "4D2026-0606");
    expect(own).toHaveLength(1);
    delete own[0]!.caseHeader.courtID;
    await opened().db.prisma.case.deleteMany({ where: { courtCode: "fladistctapp4", caseId: "4D2026-0606" } });
    await opened().db.prisma.$executeRawUnsafe("DELETE FROM source_fetches");
    env.acis.serveSearch({ _embedded: { results: own }, page: { size: 50, totalElements: 1, totalPages: 1, number: 0 } });
    try {
      const answer = await query("fladistctapp4", "4D2026-0606");
      expect(answer.status).toBe(200);
      expect((answer.body.case as CaseFull).docket_history.length).toBeGreaterThan(0);
      // Two courts of the list so named (one under another id): which one is not known, so not guessed.
      await opened().db.prisma.case.deleteMany({ where: { courtCode: "fladistctapp4", caseId: "4D2026-0606" } });
      await opened().db.prisma.$executeRawUnsafe("DELETE FROM source_fetches");
      const courts = env.acis.recordedCourts() as { _embedded: { results: { displayName: string; externalIdentifier: string; resourceID: string }[] } };
      const fourth = courts._embedded.results.find((item) => item.displayName === "4th District Court of Appeal")!;
      courts._embedded.results.push({ ...fourth, externalIdentifier: "99", resourceID: "00000000-0000-4000-8000-000000000099" });
      env.acis.serveCourts(courts);
      forgetAcisCourtsForTests();
      const ambiguous = await query("fladistctapp4", "4D2026-0606");
      expect(ambiguous.status).toBe(503);
      expect(ambiguous.body.error.code).toBe("source_unavailable");
    } finally {
      env.acis.serveSearch(null);
      env.acis.serveCourts(null);
      forgetAcisCourtsForTests();
    }
  });

  it("Florida: a search of one page listing only a longer number (a filter matching by part) is 404 even when that case's header is unreadable", async () => {
    const recorded = JSON.parse(corpusText("state/florida/cases/unfiltered.compare.json")) as { _embedded: { results: { caseHeader: Record<string, unknown> }[] } };
    const own = recorded._embedded.results.filter((item) => item.caseHeader.caseNumber === "4D2026-0606");
    expect(own).toHaveLength(1);
    own[0]!.caseHeader = { ...own[0]!.caseHeader, caseNumber: "4D2026-06061", closedFlag: "maybe" };
    await opened().db.prisma.case.deleteMany({ where: { courtCode: "fladistctapp4", caseId: "4D2026-0606" } });
    await opened().db.prisma.$executeRawUnsafe("DELETE FROM source_fetches");
    env.acis.serveSearch({ _embedded: { results: own }, page: { size: 50, totalElements: 1, totalPages: 1, number: 0 } });
    try {
      // Before, the other case's unreadable flag left no case read and the search was refused: 503.
      const answer = await query("fladistctapp4", "4D2026-0606");
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe("case_not_found");
    } finally {
      env.acis.serveSearch(null);
    }
  });

  it("a case a system does not have is 404 case_not_found, and nothing is stored", async () => {
    for (const [court, number] of [["scotus", "99-9999"], ["texapp5", "05-25-99999-CV"], ["fladistctapp2", "2D2025-9999"]] as const) {
      const answer = await query(court, number);
      expect(answer.status, `${court} ${number}`).toBe(404);
      expect(answer.body.error.code).toBe("case_not_found");
      expect(await opened().db.prisma.case.count({ where: { courtCode: court, caseId: number } })).toBe(0);
    }
  });

  it("a system that is down or answers garbage is 503 with Retry-After, never a case", async () => {
    for (const [court, number, path] of [
      ["scotus", "20-1268", /RSS\/Cases/],
      ["texapp3", "03-18-00261-CV", /Case\.aspx/],
      ["fla", "SC2026-0703", /courts\/cms\/cases/],
    ] as const) {
      env.server.fail({ match: path, kind: "status", status: 503 });
      try {
        const answer = await query(court, number);
        expect(answer.status, `${court} ${number}`).toBe(503);
        expect(answer.body.error.code).toBe("source_unavailable");
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      } finally {
        env.server.clearFaults();
      }
    }
    env.server.fail({ match: /RSS\/Cases\/JSON\/24-999/, kind: "hang" });
    try {
      const hung = await query("scotus", "24-999");
      expect(hung.status).toBe(503);
    } finally {
      env.server.clearFaults();
    }
  });

  it("a court asking for less quiet than the client waits, but more than the fetch has left: 503 at once, with estimated_recovery_at the quiet's end", async () => {
    // Retry-After 20 s (under the client's 30 s), the fetch's deadline 8 s (SOURCE_TIMEOUT_MS here).
    env.server.rewrite(/RSS\/Cases\/JSON\/24-998/, (answer) => ({ status: 503, headers: { ...answer.headers, "retry-after": "20" }, body: Buffer.from("Service Unavailable") }));
    const sent = () => env.server.requests(/RSS\/Cases\/JSON\/24-998/).length;
    const sentBefore = sent();
    try {
      const asked = Date.now();
      const answer = await query("scotus", "24-998");
      expect(answer.status).toBe(503);
      // Before: the caller waited the whole deadline for a retry it could not make, then had no time to come back.
      expect(answer.body.error).toMatchObject({ code: "source_unavailable", estimated_recovery_at: expect.any(String) });
      const recovery = Date.parse((answer.body.error as { estimated_recovery_at?: string }).estimated_recovery_at!);
      expect(recovery).toBeGreaterThanOrEqual(asked + 19_000);
      expect(recovery).toBeLessThanOrEqual(Date.now() + 20_000);
      expect(sent() - sentBefore).toBe(1);
    } finally {
      env.server.clearFaults();
      // The court's quiet is the client's memory: the next tests start without it (they share the host).
      resetCourtHttpClientForTests();
    }
  });

  it("a page of another layout, or cut short, is refused like an unknown page: 503 and nothing stored; a refresh counts it unavailable and keeps the cache", async () => {
    const scotus = corpusText("scotus/json/20-1268.compare.json");
    const tames = corpusText("state/texas/coa/03-18-00261-CV.html");
    const events = tames.indexOf("grdEvents_ctl00");
    // Cut mid-table, as a dropped connection after HTTP 200 leaves it: half the events, no parties grid.
    const cutShort = tames.slice(0, events + Math.floor((tames.indexOf("grdParty_ctl00") - events) / 2));
    const florida = env.acis.recordedItems("4D2026-0606");
    const tamesCourt = env.tames.courtOf("03-18-00261-CV")!;
    const damaged = [
      { name: "SCOTUS: ProceedingsandOrder renamed", court: "scotus", number: "20-1268", serve: () => env.scotus.serveText("20-1268", scotus.replace('"ProceedingsandOrder"', '"ProceedingsAndOrders"')), restore: () => env.scotus.serveText("20-1268", null) },
      { name: "SCOTUS: dates in another format", court: "scotus", number: "20-1268", serve: () => env.scotus.serveText("20-1268", scotus.replace(/"Date":"([A-Z][a-z]{2}) (\d{2}) (\d{4})"/g, '"Date":"$3-$1-$2"')), restore: () => env.scotus.serveText("20-1268", null) },
      { name: "TAMES: events grid renamed", court: "texapp3", number: "03-18-00261-CV", serve: () => env.tames.servePage("03-18-00261-CV", tamesCourt, tames.replaceAll("grdEvents", "grdCaseEvents")), restore: () => env.tames.servePage("03-18-00261-CV", tamesCourt, null) },
      { name: "TAMES: dates as yyyy-mm-dd", court: "texapp3", number: "03-18-00261-CV", serve: () => env.tames.servePage("03-18-00261-CV", tamesCourt, tames.replace(/>\s*(\d{2})\/(\d{2})\/(\d{4})\s*</g, ">$3-$1-$2<")), restore: () => env.tames.servePage("03-18-00261-CV", tamesCourt, null) },
      { name: "TAMES: cut off mid-table", court: "texapp3", number: "03-18-00261-CV", serve: () => env.tames.servePage("03-18-00261-CV", tamesCourt, cutShort), restore: () => env.tames.servePage("03-18-00261-CV", tamesCourt, null) },
      {
        name: "ACIS: filedDate renamed",
        court: "fladistctapp4",
        number: "4D2026-0606",
        serve: () => env.acis.serveEntries("4D2026-0606", florida.map((item) => {
          const { filedDate, ...header } = item.docketEntryHeader as Record<string, unknown>;
          return { ...item, docketEntryHeader: { ...header, entryFiledDate: filedDate } };
        })),
        restore: () => env.acis.serveEntries("4D2026-0606", null),
      },
      {
        // The newest cases, not the one asked: the search ignored its filter, which says nothing of this case.
        name: "ACIS: a case search that did not filter by number",
        court: "fladistctapp4",
        number: "4D2026-0606",
        serve: () => env.acis.serveSearch(JSON.parse(corpusText("state/florida/cases/unfiltered.compare.json").replaceAll('"4D2026-0606"', '"4D2026-9606"'))),
        restore: () => env.acis.serveSearch(null),
      },
      {
        // displayName moved: no party of the case has a name, over two pages (one a page).
        name: "ACIS: parties without names on every page",
        court: "fladistctapp4",
        number: "4D2026-0606",
        serve: () => {
          env.acis.pageCap = 1;
          env.acis.serveParties("4D2026-0606", ["Isaiah Hargrett", "State of Florida"].map((name) => ({ partyHeader: { partyType: "Party", partyActorInstance: { fullName: name } }, nonPublicFlag: false })));
        },
        restore: () => {
          env.acis.pageCap = null;
          env.acis.serveParties("4D2026-0606", null);
        },
      },
    ];
    forgetAcisCourtsForTests();
    for (const { name, court, number, serve, restore } of damaged) {
      await opened().db.prisma.case.deleteMany({ where: { courtCode: court, caseId: number } });
      // A 503 is remembered for a few seconds (fetch-missing-case.ts): each answer here is this page's own.
      await opened().db.prisma.$executeRawUnsafe("DELETE FROM source_fetches");
      serve();
      try {
        const answer = await query(court, number);
        expect(answer.status, name).toBe(503);
        expect(answer.body.error.code, name).toBe("source_unavailable");
        expect(await opened().db.prisma.case.count({ where: { courtCode: court, caseId: number } }), name).toBe(0);
      } finally {
        restore();
      }
      await opened().db.prisma.$executeRawUnsafe("DELETE FROM source_fetches");
      // Tracked and whole in the cache; then the damaged page again, at a refresh.
      expect((await query(court, number)).status, name).toBe(200);
      const stored = await opened().db.prisma.case.findFirstOrThrow({ where: { courtCode: court, caseId: number }, include: { docketEntries: true } });
      serve();
      try {
        const summary = await refreshCases({ prisma: opened().db.prisma, court: findCourt(court)!, caseIds: [number], now: new Date(Date.now() + 60_000) });
        expect(summary, name).toMatchObject({ refreshed: 0, unavailable: 1 });
      } finally {
        restore();
      }
      const after = await opened().db.prisma.case.findFirstOrThrow({ where: { courtCode: court, caseId: number }, include: { docketEntries: true } });
      expect(after.lastRefreshedAt, name).toEqual(stored.lastRefreshedAt);
      expect(after.docketEntries.length, name).toBe(stored.docketEntries.length);
    }
  });

  it("an earlier state of each docket, then the whole record: the delta is exactly the entries added since", async () => {
    const cases = [
      { court: "scotus", number: "23-7483", cut: (k: number) => env.scotus.withoutNewest("23-7483", k) },
      { court: "texapp1", number: "01-25-00011-CV", cut: (k: number) => env.tames.withoutNewestEvents("01-25-00011-CV", env.tames.courtOf("01-25-00011-CV")!, k) },
      { court: "fladistctapp4", number: "4D2026-0606", cut: (k: number) => env.acis.withoutNewest("4D2026-0606", k) },
    ];
    for (const { court, number, cut } of cases) {
      await opened().db.prisma.case.deleteMany({ where: { courtCode: court, caseId: number } });
      cut(2);
      const first = await query(court, number);
      expect(first.status, `${court} ${number}`).toBe(200);
      const before = new Set(entryText((first.body.case as CaseFull).docket_history));
      cut(0);
      const summary = await refreshCases({ prisma: opened().db.prisma, court: findCourt(court)!, caseIds: [number], now: new Date() });
      expect(summary.refreshed, `${court} ${number}`).toBe(1);
      const next = await query(court, number, { last_checked: first.body.meta.queried_at });
      const whole = entryText((next.body.case as CaseFull).docket_history);
      const added = whole.filter((text) => !before.has(text));
      expect(added.length, `${court} ${number}`).toBeGreaterThanOrEqual(1);
      expect(next.body.delta!.change_count).toBe(added.length);
      expect(entryText(next.body.delta!.new_filings).sort()).toEqual(added.sort());
    }
  });

  it("a case no refresh kept current (not queried for 30 days) is read again before it is answered: monitor and delta tell what the court docketed meanwhile", async () => {
    const [court, number] = ["scotus", "23-7483"];
    await opened().db.prisma.case.deleteMany({ where: { courtCode: court, caseId: number } });
    await opened().db.prisma.$executeRawUnsafe("DELETE FROM source_fetches");
    env.scotus.withoutNewest(number, 2);
    expect((await query(court, number)).status).toBe(200);
    const monitor = (lastChecked: string) =>
      callRoute<MonitorResponse & { error: { code: string } }>(getMonitor, "/v2/monitor", { query: { case_id: number, court_code: court, last_checked: lastChecked } });
    const asked = () => env.server.log.filter((entry) => entry.url === `/RSS/Cases/JSON/${number}.json`).length;
    try {
      // A tracked case refreshed on its cadence is answered from the cache: the court is not asked.
      let before = asked();
      expect((await monitor(new Date(Date.now() - 60_000).toISOString())).body).toMatchObject({ changed: false });
      expect(asked()).toBe(before);

      // Forty days without a query: no refresh ran since. Meanwhile the court docketed two proceedings.
      const untracked = () =>
        opened().db.prisma.$executeRawUnsafe(
          "UPDATE cases SET last_queried_at = now() - interval '40 days', last_refreshed_at = now() - interval '40 days' WHERE court_code = $1 AND case_id = $2",
          court,
          number,
        );
      await untracked();
      env.scotus.withoutNewest(number, 0);
      const lastChecked = new Date(Date.now() - 39 * 86_400_000).toISOString();
      // The court does not answer: no "no change" read off a forty-day-old cache, but 503 (not charged).
      env.server.fail({ match: /RSS\/Cases\/JSON/, kind: "status", status: 503 });
      try {
        const down = await monitor(lastChecked);
        expect(down.status).toBe(503);
        expect(down.body.error.code).toBe("source_unavailable");
      } finally {
        env.server.clearFaults();
      }
      await opened().db.prisma.$executeRawUnsafe("DELETE FROM source_fetches");
      await untracked();
      // Before, both answered from the forty-day-old cache: no change.
      before = asked();
      const check = await monitor(lastChecked);
      expect(check.body).toMatchObject({ changed: true, change_count: 2 });
      expect(asked()).toBe(before + 1);
      const answer = await query(court, number, { last_checked: lastChecked });
      expect(answer.body.delta!.change_count).toBe(2);
      expect(answer.body.meta.cache_age_seconds).toBeLessThan(60);
      // Kept current again: the next answers come from the cache, and tell nothing twice.
      before = asked();
      expect((await monitor(check.body.meta.queried_at)).body).toMatchObject({ changed: false, change_count: 0 });
      expect(asked()).toBe(before);
    } finally {
      env.scotus.withoutNewest(number, 0);
    }
  });

  it("a case no refresh kept current whose court does not answer its reading again: served as last refreshed (its age said), tracked again, /v2/monitor 503 until a refresh is answered", async () => {
    const [court, number] = ["scotus", "23-7483"];
    await opened().db.prisma.case.deleteMany({ where: { courtCode: court, caseId: number } });
    await opened().db.prisma.$executeRawUnsafe("DELETE FROM source_fetches");
    env.scotus.withoutNewest(number, 1);
    const monitor = (lastChecked: string) =>
      callRoute<MonitorResponse & { error: { code: string } }>(getMonitor, "/v2/monitor", { query: { case_id: number, court_code: court, last_checked: lastChecked } });
    try {
      expect((await query(court, number)).status).toBe(200);
      await opened().db.prisma.$executeRawUnsafe(
        "UPDATE cases SET last_queried_at = now() - interval '40 days', last_refreshed_at = now() - interval '40 days' WHERE court_code = $1 AND case_id = $2",
        court,
        number,
      );
      env.scotus.withoutNewest(number, 0);
      const lastChecked = new Date(Date.now() - 39 * 86_400_000).toISOString();
      env.server.fail({ match: /RSS\/Cases\/JSON/, kind: "status", status: 503 });
      try {
        // Before, 503 (a batch settles in full with it) on every query while the court did not answer the
        // query's own reading, and the case, never marked queried, was never refreshed again.
        const stale = await query(court, number, { last_checked: lastChecked });
        expect(stale.status).toBe(200);
        expect(stale.body.meta.cache_age_seconds).toBeGreaterThan(39 * 86_400);
        const tracked = await opened().db.prisma.case.findFirst({ where: { courtCode: court, caseId: number }, select: { lastQueriedAt: true, unansweredSince: true } });
        expect(Date.now() - tracked!.lastQueriedAt!.getTime()).toBeLessThan(60_000);
        expect(tracked!.unansweredSince).not.toBeNull();
        expect((await monitor(lastChecked)).status).toBe(503);
      } finally {
        env.server.clearFaults();
      }
      // Tracked again, so refreshed: the refresh the court answers tells what it docketed meanwhile.
      expect(await refreshCases({ prisma: opened().db.prisma, court: findCourt(court)!, caseIds: [number], now: new Date() })).toMatchObject({ refreshed: 1, newEntries: 1 });
      expect((await monitor(lastChecked)).body).toMatchObject({ changed: true, change_count: 1 });
    } finally {
      env.scotus.withoutNewest(number, 0);
    }
  });

  it("the court not answering a refresh: /v2/monitor says 503 rather than a 'no change' it could not check; a change it holds it still tells, and the next answered refresh tells what was missed", async () => {
    const [court, number] = ["texapp1", "01-25-00011-CV"];
    const parameter = env.tames.courtOf(number)!;
    await opened().db.prisma.case.deleteMany({ where: { courtCode: court, caseId: number } });
    await opened().db.prisma.$executeRawUnsafe("DELETE FROM source_fetches");
    env.tames.withoutNewestEvents(number, parameter, 2);
    const monitor = (lastChecked: string) =>
      callRoute<MonitorResponse & { error: { code: string; message: string } }>(getMonitor, "/v2/monitor", { query: { case_id: number, court_code: court, last_checked: lastChecked } });
    const refresh = () => refreshCases({ prisma: opened().db.prisma, court: findCourt(court)!, caseIds: [number], now: new Date() });
    try {
      const first = await query(court, number);
      expect(first.status).toBe(200);
      // The court dockets an event; the refresh that would read it finds the court down.
      env.tames.withoutNewestEvents(number, parameter, 1);
      env.server.fail({ match: /Case\.aspx/, kind: "status", status: 503 });
      try {
        expect(await refresh()).toMatchObject({ refreshed: 0, unavailable: 1 });
      } finally {
        env.server.clearFaults();
      }
      // Before, a paid "changed: false" off the cache the refresh could not bring up to date.
      const down = await monitor(first.body.meta.queried_at);
      expect(down.status).toBe(503);
      expect(down.body.error).toMatchObject({ code: "source_unavailable", message: expect.stringContaining("No refresh of this case has been answered") });
      // A free court has no fee budget to blame (before, every court's answer named one).
      expect(down.body.error.message).not.toMatch(/budget/);
      expect(Number(down.headers.get("retry-after"))).toBeGreaterThan(0);
      // Nor with a PACER account configured and its fee budget spent: PACER serves no court of this system here,
      // so its budget is neither read nor named (without that check: "the service's PACER fee budget (daily) is
      // reached", and its reset as the estimated recovery).
      const whileSpent = await withSpentPacerBudget(opened().db.prisma, () => monitor(first.body.meta.queried_at));
      expect(whileSpent.status).toBe(503);
      expect(whileSpent.body.error.message).toContain("No refresh of this case has been answered");
      expect(whileSpent.body.error.message).not.toMatch(/budget/i);
      expect(whileSpent.body.error).not.toHaveProperty("estimated_recovery_at");
      // What the cache holds that is new to the caller is still true, and told.
      expect((await monitor("2020-01-01T00:00:00Z")).body).toMatchObject({ changed: true });
      // The case itself is served as last refreshed, its age said.
      const served = await query(court, number, { last_checked: first.body.meta.queried_at });
      expect(served.status).toBe(200);
      expect(served.body.delta).toMatchObject({ changed: false });

      // The court answers the next refresh (one more event docketed since): both are new to the caller.
      env.tames.withoutNewestEvents(number, parameter, 0);
      expect(await refresh()).toMatchObject({ refreshed: 1, newEntries: 2 });
      const back = await monitor(first.body.meta.queried_at);
      expect(back.body).toMatchObject({ changed: true, change_count: 2 });
      expect((await monitor(back.body.meta.queried_at)).body).toMatchObject({ changed: false, change_count: 0 });
    } finally {
      env.tames.withoutNewestEvents(number, parameter, 0);
    }
  });

  it("a TAMES event whose documents are listed in another order, or gain one before the first, is the same entry; so is one cached by the release before", async () => {
    const [court, number] = ["texapp3", "03-18-00261-CV"];
    const parameter = env.tames.courtOf(number)!;
    const recorded = corpusText("state/texas/coa/03-18-00261-CV.html");
    /** The page with every event's documents in reverse order, and one more document before the first of one event. */
    const reordered = (() => {
      const $ = load(recorded);
      const grids = $("table[id$='grdEvents_ctl00'] table.docGrid").toArray().filter((grid) => $(grid).find("tr").length > 1);
      expect(grids.length).toBeGreaterThan(10);
      for (const grid of grids) {
        const body = $(grid).children("tbody").length > 0 ? $(grid).children("tbody") : $(grid);
        body.append(body.children("tr").toArray().reverse());
      }
      const first = $(grids[0]!).find("tr").first();
      const added = first.clone();
      added.find("a[href]").attr("href", (first.find("a[href]").attr("href") ?? "").replace(/MediaID=[^&]+/, "MediaID=00000000-0000-0000-0000-000000000001"));
      first.before(added);
      return $.html();
    })();
    const entryRows = async () => (await opened().db.prisma.case.findFirstOrThrow({ where: { courtCode: court, caseId: number }, include: { docketEntries: true } })).docketEntries;

    for (const cachedBefore of [false, true]) {
      await opened().db.prisma.case.deleteMany({ where: { courtCode: court, caseId: number } });
      await opened().db.prisma.$executeRawUnsafe("DELETE FROM source_fetches");
      env.tames.servePage(number, parameter, null);
      const first = await query(court, number);
      expect(first.status).toBe(200);
      if (cachedBefore) {
        // The release before keyed an event by the document it listed first (`doc:<MediaID>`), which is also the
        // document it stores and shows: its cache, as it wrote it.
        const rows = await entryRows();
        expect(rows.some((row) => row.documentIdentifier && row.entryKey !== `doc:${row.documentIdentifier}`)).toBe(true);
        for (const row of rows.filter((item) => item.documentIdentifier)) {
          await opened().db.prisma.docketEntry.update({ where: { id: row.id }, data: { entryKey: `doc:${row.documentIdentifier}` } });
        }
      }
      const before = await entryRows();
      env.tames.servePage(number, parameter, reordered);
      try {
        const summary = await refreshCases({ prisma: opened().db.prisma, court: findCourt(court)!, caseIds: [number], now: new Date() });
        expect(summary, `cached before: ${cachedBefore}`).toMatchObject({ refreshed: 1, newEntries: 0 });
      } finally {
        env.tames.servePage(number, parameter, null);
      }
      const after = await entryRows();
      expect(after.length, `cached before: ${cachedBefore}`).toBe(before.length);
      const next = await query(court, number, { last_checked: first.body.meta.queried_at });
      expect(next.body.delta!.change_count, `cached before: ${cachedBefore}`).toBe(0);
    }
  });

  it("an ACIS entry added late with an older filing time, listed past the first page: found by the day's whole reading and told once", async () => {
    const [court, number] = ["fladistctapp4", "4D2026-0606"];
    await opened().db.prisma.case.deleteMany({ where: { courtCode: court, caseId: number } });
    await opened().db.prisma.$executeRawUnsafe("DELETE FROM source_fetches");
    forgetAcisCourtsForTests();
    const [newest, older] = env.acis.recordedItems(number);
    env.acis.pageCap = 1;
    const refresh = () => refreshCases({ prisma: opened().db.prisma, court: findCourt(court)!, caseIds: [number], now: new Date() });
    try {
      env.acis.serveEntries(number, [newest!]);
      const first = await query(court, number);
      expect((first.body.case as CaseFull).docket_history).toHaveLength(1);
      // The clerk dockets the older filing now: ACIS lists it after the newest, on page 1.
      env.acis.serveEntries(number, [newest!, older!]);
      // Within the day of the whole first reading a refresh stops at page 0, which holds a stored entry.
      expect(await refresh()).toMatchObject({ refreshed: 1, newEntries: 0 });
      // A day after it, the refresh reads every page. Before, no refresh ever read page 1 again: the filing was
      // never told.
      await opened().db.prisma.$executeRawUnsafe("UPDATE cases SET entries_whole_at = now() - interval '25 hours' WHERE court_code = $1 AND case_id = $2", court, number);
      const before = env.server.log.length;
      expect(await refresh()).toMatchObject({ refreshed: 1, newEntries: 1 });
      const pages = env.server.log.slice(before).filter((entry) => entry.url.includes("/docketentries")).map((entry) => new URL(entry.url, "http://x").searchParams.get("page"));
      expect(pages).toEqual(["0", "1"]);
      const next = await query(court, number, { last_checked: first.body.meta.queried_at });
      expect(next.body.delta!.new_filings.map((filing) => filing.description)).toEqual([(next.body.case as CaseFull).docket_history[0]!.description]);
      // That whole reading starts the day again: the next refresh stops at page 0.
      const again = env.server.log.length;
      expect(await refresh()).toMatchObject({ refreshed: 1, newEntries: 0 });
      expect(env.server.log.slice(again).filter((entry) => entry.url.includes("/docketentries"))).toHaveLength(1);
    } finally {
      env.acis.pageCap = null;
      env.acis.serveEntries(number, null);
    }
  });

  it("an ACIS refresh reads docket pages only until one holds an entry already stored", async () => {
    await opened().db.prisma.case.deleteMany({ where: { courtCode: "fladistctapp4", caseId: "4D2026-0606" } });
    env.acis.pageCap = 1;
    try {
      expect((await query("fladistctapp4", "4D2026-0606")).status).toBe(200);
      const before = env.server.log.length;
      await refreshCases({ prisma: opened().db.prisma, court: findCourt("fladistctapp4")!, caseIds: ["4D2026-0606"], now: new Date() });
      const entryPages = env.server.log.slice(before).filter((entry) => entry.url.includes("/docketentries"));
      // Two pages of one entry each; nothing new: the first page already holds a stored entry.
      expect(entryPages.map((entry) => new URL(entry.url, "http://x").searchParams.get("page"))).toEqual(["0"]);
      expect(((await query("fladistctapp4", "4D2026-0606")).body.case as CaseFull).docket_history).toHaveLength(2);
    } finally {
      env.acis.pageCap = null;
    }
  });
});

describe.skipIf(HAS_CORPUS)("the free public docket systems", () => {
  it.skip(NO_CORPUS_MESSAGE, () => {});
});
