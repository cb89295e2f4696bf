// What the courts of appeals cost through PACER (docs/sources.md "The courts of appeals through PACER"): each
// real appellate docket of the corpus whose court this deployment reads (tests/helpers/replay serves it
// through TransportRoom, billing its printed text as the corpus's receipts show PACER does) is tracked for a
// simulated month replayed from a point of its own history: one paid cache miss (the whole docket, parties
// included), then every hourly refresh run (no free entry count: plan-appellate-refresh.ts reads a case a day
// after the court's last answer while it is queried, a week after otherwise, and fetch-appellate-case.ts makes
// a weekly reading whole). Twice: agents querying every case every day, and agents that queried once; and
// each again with the courts' feeds polled every day (an order, opinion or judgment the feed lists makes its
// case due at the next hourly run: plan-appellate-refresh.ts). The replay server gives every court a feed of
// orders, opinions and judgments, where some circuits have none or list opinions only: the feed rows are an
// upper bound of what the feeds add.
// Printed: PACER spend per case-month and per paid query, whether the ledger equals the server's bill, and
// whether the merged cache equals a whole reading at the end. Run by `npm run bench` in its own process
// (pacer-cost-rows.ts), like pacer-cost.ts.
//
// Scale: BENCH_PACER_DAYS (30), BENCH_PACER_QUERIES_PER_DAY (3). The corpus holds one case per appellate
// docket page (a page prints its own number, and the adapter refuses a page of another number), so the
// month is replayed for each of them once.
import { performance } from "node:perf_hooks";
import { fetchMissingCase } from "@/lib/cases/fetch-missing-case";
import { findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import { openDatabase } from "@/lib/db/open-database";
import { refreshCases } from "@/lib/refresh/refresh-cases";
import { withFetchCause } from "@/lib/sources/fetch-cause";
import { pacerReadsAppellate } from "@/lib/sources/pacer/pacer-courts";
import { pollPacerFeeds } from "@/lib/sources/pacer/poll-pacer-feeds";
import { readAppellateDocket } from "@/lib/sources/pacer/read-appellate-docket";
import { corpusFiles, corpusText, HAS_CORPUS } from "../helpers/corpus";
import { createPostgresDatabase } from "../helpers/postgres-database";
import { analyzeAppellateDocket } from "../helpers/replay/pacer-appellate-pages";
import { startPacerEnvironment } from "../helpers/replay/pacer-environment";
import { median, skippedWithoutCorpus } from "./measure";

const DAYS = Number(process.env.BENCH_PACER_DAYS ?? 30);
const QUERIES_PER_DAY = Number(process.env.BENCH_PACER_QUERIES_PER_DAY ?? 3);
const DAY_MS = 86_400_000;

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
async function main() {
  if (skippedWithoutCorpus(HAS_CORPUS)) return;
  const started = performance.now();
  const env = await startPacerEnvironment();
  env.configure({ PACER_DAILY_BUDGET_USD: "100000", PACER_MONTHLY_BUDGET_USD: "1000000", SOURCE_TIMEOUT_MS: "60000", COURT_HTTP_TIMEOUT_MS: "20000" });
  const postgres = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL, "court_docket_bench_appellate") : null;
  const db = await openDatabase({ databaseUrl: postgres?.url, pgliteDataDir: "memory://", migrate: true });
  useDatabase(db);
  const prisma = db.prisma;

  // The dockets of courts this deployment reads, with parties and entries on at least three days; one per case.
  const cases: Array<{ court: string; caseId: string; entries: number }> = [];
  const seen = new Set<string>();
  env.pacer.advanceTo("2030-01-01");
  for (const file of corpusFiles("pacer/appellate", ".html")) {
    const html = corpusText(file);
    const reading = readAppellateDocket(html);
    if (reading.kind !== "case" || !reading.courtCode) continue;
    const court = findCourt(reading.courtCode);
    if (!court || !pacerReadsAppellate(court) || court.coverage === "planned") continue;
    const docket = analyzeAppellateDocket(html);
    const days = [...new Set(docket.rows.map((row) => row.date))].sort();
    if (days.length < 3 || docket.partyRange === null || seen.has(`${court.court_code}|${reading.case.caseNumber}`)) continue;
    seen.add(`${court.court_code}|${reading.case.caseNumber}`);
    // The month replayed starts a third into the docket's history (its first filings are the cache miss's).
    const start = addDays(days[0]!, Math.floor(daysBetween(days[0]!, days.at(-1)!) / 3));
    env.pacer.hostAppellate(file, { court: court.court_code, dayOffset: daysBetween("2030-01-01", start) });
    cases.push({ court: court.court_code, caseId: reading.case.caseNumber, entries: reading.case.entries.length });
  }

  const scenarios = [await scenario(true, false), await scenario(false, false), await scenario(true, true), await scenario(false, true)];
  console.log(
    JSON.stringify({
      appellateCases: cases.length,
      courts: [...new Set(cases.map((entry) => entry.court))].sort(),
      days: DAYS,
      queriesPerCaseMonth: 30 * QUERIES_PER_DAY,
      daily: scenarios[0],
      once: scenarios[1],
      dailyWithFeeds: scenarios[2],
      onceWithFeeds: scenarios[3],
      seconds: Math.round((performance.now() - started) / 1000),
      database: postgres ? "PostgreSQL" : "PGlite",
    }),
  );

  /**
   * One simulated month: the first query reads each case whole, then every hourly run of every day plans and
   * reads. The run's clock moves by the hour and the cases' stamps are set to it (the database's own clock
   * would stay at the real time), so the planner sees a month pass. `queriedDaily`: agents query every case
   * each day (read daily); else only the first query (read daily for a week, then weekly). `withFeeds`: the
   * courts' feeds are polled as each day begins (what the clerk docketed appears then, so one poll a day sees
   * every item an hourly poll would; readings stay on the hour, the poll is free).
   */
  async function scenario(queriedDaily: boolean, withFeeds: boolean) {
    await prisma.$executeRawUnsafe("DELETE FROM cases");
    await prisma.$executeRawUnsafe("DELETE FROM pacer_cases");
    await prisma.$executeRawUnsafe("DELETE FROM pacer_feeds");
    await prisma.$executeRawUnsafe("DELETE FROM pacer_fees");
    await prisma.$executeRawUnsafe("DELETE FROM source_fetches");
    env.pacer.bills.length = 0;
    env.pacer.advanceTo("2030-01-01");
    const base = Date.now();
    const at = (day: number, hour = 0) => new Date(base + day * DAY_MS + hour * 3_600_000);
    let query = 0;
    for (const { court, caseId } of cases) {
      query += 1;
      const outcome = await withFetchCause(`req_bench_appellate${query}`, () => fetchMissingCase({ prisma, court: findCourt(court)!, caseId, now: at(0) }));
      if (outcome.kind !== "stored") throw new Error(`${court} ${caseId}: first query ${outcome.kind}`);
    }
    await prisma.$executeRawUnsafe("UPDATE cases SET last_queried_at = $1::timestamptz, last_refreshed_at = $1::timestamptz", at(0).toISOString());
    let readings = 0;
    let feedMarks = 0;
    let whole = 0;
    let notDue = 0;
    for (let day = 1; day < DAYS; day += 1) {
      env.pacer.advanceTo(addDays("2030-01-01", day));
      if (queriedDaily) await prisma.$executeRawUnsafe("UPDATE cases SET last_queried_at = $1::timestamptz", at(day).toISOString());
      if (withFeeds) {
        for (const poll of await pollPacerFeeds(prisma, at(day))) {
          if (poll.status !== "ok") throw new Error(`${poll.courtCode}: feed ${poll.status} ${poll.error ?? ""}`);
          feedMarks += poll.marked;
        }
      }
      for (let hour = 0; hour < 24; hour += 1) {
        for (const { court, caseId } of cases) {
          const before = env.pacer.appellateRequests.length;
          const summary = await refreshCases({ prisma, court: findCourt(court)!, caseIds: [caseId], now: at(day, hour), cause: `refresh:${court}:day${day}` });
          if (summary.unavailable > 0) throw new Error(`${court} ${caseId}: ${summary.lastError}`);
          notDue += summary.skipped ?? 0;
          if (summary.refreshed === 0) continue;
          readings += 1;
          if (env.pacer.appellateRequests.slice(before).some((request) => request.params.dateFrom === undefined)) whole += 1;
          await prisma.$executeRawUnsafe("UPDATE cases SET last_refreshed_at = $3::timestamptz WHERE court_code = $1 AND case_id = $2", court, caseId, at(day, hour).toISOString());
        }
      }
    }

    // At the end every docket is whole: the merged cache must hold exactly what a whole reading holds.
    let mismatched = 0;
    for (const { court, caseId } of cases) {
      const merged = await prisma.docketEntry.count({ where: { case: { courtCode: court, caseId } } });
      const ask = () =>
        fetch(`${env.server.baseUrl}/ecf/${court}/n/beam/servlet/TransportRoom?servlet=CaseSummary.jsp&caseNum=${caseId}&incDktEntries=Y&incPtyAty=N`, {
          headers: { cookie: `NextGenCSO=${[...env.pacer.tokens][0]}` },
        });
      // Asked once more after a reset: the pool's kept-alive connection may have been closed by the server while
      // the month's last days asked nothing (a schedule that reads idle cases rarely).
      const page = await ask().catch(ask);
      const read = readAppellateDocket(await page.text());
      env.pacer.bills.pop();
      if (read.kind !== "case" || read.case.entries.length !== merged) mismatched += 1;
    }

    const fees = await prisma.$queryRawUnsafe<Array<{ case_id: string; kind: string; cents: bigint; count: bigint }>>(
      "SELECT case_id, kind, SUM(cost_cents) AS cents, COUNT(*) AS count FROM pacer_fees GROUP BY case_id, kind",
    );
    const perCase = new Map<string, { cents: number; full: number }>();
    for (const row of fees) {
      const entry = perCase.get(row.case_id) ?? { cents: 0, full: 0 };
      entry.cents += Number(row.cents);
      if (row.kind === "docket_full") entry.full += Number(row.count);
      perCase.set(row.case_id, entry);
    }
    const monthCents = cases.map(({ caseId }) => (perCase.get(caseId)?.cents ?? 0) * (30 / DAYS));
    const queries = queriedDaily ? 30 * QUERIES_PER_DAY : 1;
    return {
      readings,
      feedMarks,
      wholeReadings: whole,
      runsNotDue: notDue,
      totalCents: [...perCase.values()].reduce((sum, entry) => sum + entry.cents, 0),
      serverBilledCents: env.pacer.billedCents(),
      medianPerCaseMonthCents: median(monthCents),
      maxPerCaseMonthCents: Math.max(...monthCents),
      medianPerQueryCents: median(monthCents.map((cents) => cents / queries)),
      mergedNotWhole: mismatched,
    };
  }
  await db.close();
  await postgres?.drop();
  await env.close();
}

await main();
