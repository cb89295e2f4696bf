// The PACER cost benchmark (issue "PACER as a live source", point 8): a simulated month of tracked cases
// across courts, each case a real corpus docket (tests/helpers/replay) replayed day by day from a point
// of its own history, so filings arrive at the rates real dockets show. The production adapter, the
// cache, the RSS poller and the refresh runs do the work against the replay server, which bills every
// docket report by its bytes as PACER does (4,320 bytes a page, 30 pages at most, $0.10 a page).
// Agents query each case a few times a day: the first query is a paid cache miss (one whole docket),
// the others are answered from the cache. Printed: PACER spend per paid query and per case-month, with the
// RSS path, and without it (every refresh paying an incremental docket: computed from the same server's
// bill for a docket report with no new rows). Run by `npm run bench` in its own process (run.ts), because
// the court registry must see a PACER account before it is first imported.
//
// Scale: BENCH_PACER_CASES (default 1000), BENCH_PACER_COURTS (50), BENCH_PACER_DAYS (30),
// BENCH_PACER_QUERIES_PER_DAY (3). Refresh runs are simulated once a day per court: the replayed dockets
// change only at day boundaries, so the other runs of the day (every 15 or 60 minutes) find nothing
// marked by the feed and cost nothing (their number is printed for the "without RSS" comparison).
import { performance } from "node:perf_hooks";
import { fetchMissingCase } from "@/lib/cases/fetch-missing-case";
import { COURTS, findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import { openDatabase } from "@/lib/db/open-database";
import { refreshCases } from "@/lib/refresh/refresh-cases";
import { withFetchCause } from "@/lib/sources/fetch-cause";
import { pacerSettings } from "@/lib/sources/pacer/pacer-settings";
import { pollCourtFeed } from "@/lib/sources/pacer/poll-court-feed";
import { corpusFiles, corpusText, HAS_CORPUS } from "../helpers/corpus";
import { createPostgresDatabase } from "../helpers/postgres-database";
import { analyzeDocket } from "../helpers/replay/pacer-docket-pages";
import { startPacerEnvironment } from "../helpers/replay/pacer-environment";
import { median, skippedWithoutCorpus } from "./measure";
import { readDocketReport } from "@/lib/sources/pacer/read-docket-report";

const CASES = Number(process.env.BENCH_PACER_CASES ?? 1000);
const COURT_COUNT = Number(process.env.BENCH_PACER_COURTS ?? 50);
const DAYS = Number(process.env.BENCH_PACER_DAYS ?? 30);
const QUERIES_PER_DAY = Number(process.env.BENCH_PACER_QUERIES_PER_DAY ?? 3);
const DAY_MS = 86_400_000;

/** Deterministic pseudo-random numbers, so runs are comparable. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

interface PoolDocket {
  file: string;
  first: string;
  last: string;
  entries: number;
}

/** District dockets of the corpus with a history to replay (entries on at least three days). */
function docketPool(): PoolDocket[] {
  const pool: PoolDocket[] = [];
  for (const file of corpusFiles("pacer/district", ".html")) {
    const html = corpusText(file);
    const reading = readDocketReport(html);
    if (reading.kind !== "case") continue;
    const days = [...new Set(analyzeDocket(html).rows.map((row) => row.entered ?? row.filed!))].sort();
    if (days.length < 3) continue;
    pool.push({ file, first: days[0]!, last: days.at(-1)!, entries: reading.case.entries.length });
  }
  return pool;
}

async function main() {
  if (skippedWithoutCorpus(HAS_CORPUS)) return;
  const started = performance.now();
  const env = await startPacerEnvironment();
  // Production's patience (the replay environment shortens it for outage tests): a shared 2-core machine is slow.
  env.configure({ PACER_FEED_SKEW_SECONDS: "0", PACER_DAILY_BUDGET_USD: "100000", PACER_MONTHLY_BUDGET_USD: "1000000", SOURCE_TIMEOUT_MS: "60000", COURT_HTTP_TIMEOUT_MS: "20000" });
  // A fresh database: PostgreSQL when DATABASE_URL names one (a new database there, dropped at the end), else PGlite.
  const postgres = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL, "court_docket_bench") : null;
  const db = await openDatabase({ databaseUrl: postgres?.url, pgliteDataDir: "memory://", migrate: true });
  useDatabase(db);
  const prisma = db.prisma;
  const settings = pacerSettings()!;

  const courts = COURTS.filter((court) => court.kind === "us_district" && court.coverage !== "planned").slice(0, COURT_COUNT);
  // Feeds as the notes describe them: most courts publish every entry type; some only a few; some none.
  courts.forEach((court, index) => {
    env.pacer.feeds.set(court.court_code, index % 10 === 9 ? { kind: "none" } : index % 10 === 8 ? { kind: "types", types: ["order", "motion", "judgment"] } : { kind: "all" });
  });
  const pool = docketPool();
  const next = random(14);
  env.pacer.advanceTo("2030-01-01");
  const cases: Array<{ court: string; caseId: string; file: string }> = [];
  for (let index = 0; index < CASES; index += 1) {
    const court = courts[index % courts.length]!.court_code;
    const docket = pool[index % pool.length]!;
    // The month replayed: from a day of the docket's own history (not the very end: then nothing is filed).
    const span = Math.max(0, daysBetween(docket.first, docket.last) - DAYS);
    const start = addDays(docket.first, Math.floor(next() * (span + 1)));
    const caseId = `1:24-cv-${String(10000 + index).padStart(5, "0")}`;
    env.pacer.host(docket.file, { court, caseId, dayOffset: daysBetween("2030-01-01", start), visibleAt: new Date(Date.now() - 2 * DAY_MS) });
    cases.push({ court, caseId, file: docket.file });
  }

  const phase = (label: string) => process.env.BENCH_PACER_VERBOSE && console.error(`${Math.round(performance.now() - started)} ms: ${label}`);
  phase("hosted");
  // Day 0: every case is first asked for by an agent (a paid cache miss), then the feeds are polled.
  let queryNumber = 0;
  for (const { court, caseId } of cases) {
    queryNumber += 1;
    const outcome = await withFetchCause(`req_bench${queryNumber}`, () => fetchMissingCase({ prisma, court: findCourt(court)!, caseId, now: new Date() }));
    if (outcome.kind !== "stored") throw new Error(`${court} ${caseId}: first query ${outcome.kind}`);
  }
  await prisma.$executeRawUnsafe("UPDATE cases SET last_queried_at = now()");
  for (const court of courts) await pollCourtFeed(prisma, settings, court.court_code, new Date());

  phase("first queries and polls");
  let fetched = 0;
  let skipped = 0;
  for (let day = 1; day < DAYS; day += 1) {
    env.pacer.advanceTo(addDays("2030-01-01", day));
    for (const court of courts) await pollCourtFeed(prisma, settings, court.court_code, new Date());
    phase(`day ${day} polled`);
    for (const court of courts) {
      const ids = cases.filter((entry) => entry.court === court.court_code).map((entry) => entry.caseId);
      const summary = await refreshCases({ prisma, court: findCourt(court.court_code)!, caseIds: ids, now: new Date(), cause: `refresh:${court.court_code}:day${day}` });
      fetched += summary.attempted;
      skipped += summary.skipped ?? 0;
      if (summary.unavailable > 0) throw new Error(`${court.court_code}: ${summary.lastError}`);
    }
  }

  // What a docket report with no new rows costs, per case (the price of every refresh without free signals):
  // ask the server for each case's entries entered after its last day, without parties, as the adapter would.
  const emptyReportCents = new Map<string, number>();
  const billsBefore = env.pacer.bills.length;
  for (const hosted of env.pacer.hosted) {
    const response = await fetch(`${env.server.baseUrl}/ecf/${hosted.court}/cgi-bin/DktRpt.pl?1-L_1_0-1`, {
      method: "POST",
      headers: { cookie: `NextGenCSO=${[...env.pacer.tokens][0]}` },
      body: (() => {
        const form = new FormData();
        form.append("all_case_ids", hosted.pacerCaseId);
        form.append("date_range_type", "Entered");
        form.append("date_from", "12/31/2099");
        return form;
      })(),
    });
    await response.arrayBuffer();
    emptyReportCents.set(hosted.caseId, env.pacer.bills.at(-1)!.cents);
  }
  env.pacer.bills.splice(billsBefore);

  const fees = await prisma.$queryRawUnsafe<Array<{ case_id: string; kind: string; cents: bigint; count: bigint }>>(
    "SELECT case_id, kind, SUM(cost_cents) AS cents, COUNT(*) AS count FROM pacer_fees GROUP BY case_id, kind",
  );
  const perCase = new Map<string, { cents: number; full: number; since: number; sinceCount: number }>();
  for (const row of fees) {
    const entry = perCase.get(row.case_id) ?? { cents: 0, full: 0, since: 0, sinceCount: 0 };
    entry.cents += Number(row.cents);
    if (row.kind === "docket_full") entry.full += Number(row.count);
    else {
      entry.since += Number(row.cents);
      entry.sinceCount += Number(row.count);
    }
    perCase.set(row.case_id, entry);
  }
  const queriesPerCase = DAYS * QUERIES_PER_DAY;
  // Without the free signals, every scheduled run pays an incremental docket: 96 runs a day in priority
  // courts (900 s), 24 in the others (3600 s).
  const runsPerDay = (court: string) => (findCourt(court)!.refresh_cadence_seconds === 900 ? 96 : 24);
  const withRss: number[] = [];
  const withoutRss: number[] = [];
  let paidTwice = 0;
  for (const { court, caseId } of cases) {
    const cost = perCase.get(caseId) ?? { cents: 0, full: 0, since: 0, sinceCount: 0 };
    if (cost.full > 1) paidTwice += 1;
    withRss.push(cost.cents);
    const runs = (DAYS - 1) * runsPerDay(court);
    const fullCents = cost.cents - cost.since;
    withoutRss.push(fullCents + cost.since + Math.max(0, runs - cost.sinceCount) * (emptyReportCents.get(caseId) ?? 10));
  }
  const total = withRss.reduce((sum, cents) => sum + cents, 0);
  const totalWithout = withoutRss.reduce((sum, cents) => sum + cents, 0);
  const billed = env.pacer.billedCents();
  console.log(
    JSON.stringify({
      cases: CASES,
      courts: courts.length,
      days: DAYS,
      queriesPerCase,
      paidQueries: CASES * queriesPerCase,
      dockets: pool.length,
      incrementalFetches: fetched,
      skippedByFreeSignals: skipped,
      totalCents: total,
      serverBilledCents: billed,
      medianPerQueryCents: median(withRss.map((cents) => cents / queriesPerCase)),
      meanPerQueryCents: total / (CASES * queriesPerCase),
      medianPerCaseMonthCents: median(withRss) * (30 / DAYS),
      withoutRss: {
        totalCents: totalWithout,
        medianPerQueryCents: median(withoutRss.map((cents) => cents / queriesPerCase)),
        medianPerCaseMonthCents: median(withoutRss) * (30 / DAYS),
      },
      fullDocketPaidTwice: paidTwice,
      seconds: Math.round((performance.now() - started) / 1000),
      database: postgres ? "PostgreSQL" : "PGlite",
    }),
  );
  await db.close();
  await postgres?.drop();
  await env.close();
}

await main();
