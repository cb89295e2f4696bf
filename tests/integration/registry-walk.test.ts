// Every court of the registry, under each configuration a deployment can have, asked the way an agent asks:
// the coverage GET /v2/status (and MCP's service_court_list) shows must be what a query for the court's own
// example does. Planned → 422 court_not_covered, nothing else; full or partial → the case id is accepted and
// the court's source answers (the case, or 404 case_not_found), never 422, 400 or 503. The registry is
// computed from the connected sources when it is first imported, so each configuration gets fresh modules
// (vi.resetModules) and a fresh database. Payment is the one stand-in (the route's work runs as if paid):
// what is measured is the registry against the query path, not x402 (tests/http and tests/payments do that).
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Court } from "@/contract";
import type { CourtRecord } from "@/lib/courts/types";
import { openDatabase } from "@/lib/db/open-database";
import { HAS_CORPUS, NO_CORPUS_MESSAGE } from "../helpers/corpus";
import { startPacerEnvironment, TEST_LOGIN, type PacerEnvironment } from "../helpers/replay/pacer-environment";
import { startPublicDocketsEnvironment, type PublicDocketsEnvironment } from "../helpers/replay/public-dockets-environment";
import { callRoute } from "../helpers/call-route";

vi.doMock("@/lib/payments/run-paid", async () => (await import("../helpers/payment-stand-in")).paymentStandIn("0x00000000000000000000000000000000000000ab"));

const CLEARED = ["CASE_SOURCE", "PACER_USERNAME", "PACER_PASSWORD", "PACER_LOGIN_URL", "PACER_ECF_URL_TEMPLATE", "PACER_TOTP_SECRET", "PUBLIC_DOCKET_SYSTEMS"];

interface Configuration {
  name: string;
  /** Sets the environment; returns what to undo. */
  setUp(): Promise<() => Promise<void>>;
  /** Courts, as the data files record them, that must be covered under it (so that connecting nothing cannot pass). */
  covers: (recorded: CourtRecord) => boolean;
  needsCorpus?: boolean;
}

let pacer: PacerEnvironment | undefined;
let publicDockets: PublicDocketsEnvironment | undefined;

const configurations: Configuration[] = [
  {
    name: "the demo source",
    setUp: async () => {
      process.env.CASE_SOURCE = "demo";
      return async () => {};
    },
    covers: (recorded) => recorded.coverage !== "planned",
  },
  {
    name: "no source connected",
    setUp: async () => {
      process.env.CASE_SOURCE = "none";
      return async () => {};
    },
    covers: () => false,
  },
  {
    name: "PACER connected (replay server)",
    needsCorpus: true,
    setUp: async () => {
      pacer ??= await startPacerEnvironment();
      pacer.configure({ PACER_USERNAME: TEST_LOGIN.loginId, PACER_PASSWORD: TEST_LOGIN.password, PACER_LOGIN_URL: `${pacer.server.baseUrl}/pacer-login`, PACER_ECF_URL_TEMPLATE: `${pacer.server.baseUrl}/ecf/{court}` });
      process.env.CASE_SOURCE = "none";
      return async () => {};
    },
    covers: (recorded) =>
      recorded.coverage !== "planned" &&
      (recorded.kind === "us_district" || recorded.kind === "us_bankruptcy" || (recorded.kind === "us_appellate" && recorded.case_management_system === "CM/ECF Appellate")),
  },
  {
    name: "the free public docket systems connected (replay server)",
    needsCorpus: true,
    setUp: async () => {
      publicDockets ??= await startPublicDocketsEnvironment();
      process.env.PUBLIC_DOCKET_SYSTEMS = "scotus,tames,acis";
      process.env.CASE_SOURCE = "none";
      return async () => {};
    },
    covers: (recorded) => ["Supreme Court of the United States docket", "TAMES", "ACIS"].includes(recorded.case_management_system ?? ""),
  },
];

afterAll(async () => {
  await pacer?.close();
  await publicDockets?.close();
});

describe.each(configurations)("the registry with $name", (configuration) => {
  it.skipIf(configuration.needsCorpus && !HAS_CORPUS)(`shows for every court the coverage a query for it finds${configuration.needsCorpus && !HAS_CORPUS ? ` (${NO_CORPUS_MESSAGE})` : ""}`, async () => {
    const saved = Object.fromEntries(CLEARED.map((name) => [name, process.env[name]]));
    for (const name of CLEARED) delete process.env[name];
    const undo = await configuration.setUp();
    vi.resetModules();
    const db = await openDatabase({ pgliteDataDir: "memory://", migrate: true });
    try {
      (await import("@/lib/db")).useDatabase(db);
      const { GET: getStatus } = await import("@/app/v2/status/route");
      const { GET: getCase } = await import("@/app/v2/case/route");
      const { POST: postMcp } = await import("@/app/v2/mcp/route");
      const { RECORDED_COURTS } = await import("@/lib/courts/registry");
      const recorded = new Map(RECORDED_COURTS.map((court) => [court.court_code, court]));

      const status = await callRoute<{ courts: Court[] }>(getStatus, "/v2/status");
      expect(status.status).toBe(200);
      const courts = status.body.courts;
      expect(courts.length).toBeGreaterThanOrEqual(2_100);
      const listed = await callRoute(postMcp, "/v2/mcp", {
        body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "service_court_list", arguments: {} } },
        headers: { accept: "application/json, text/event-stream" },
      });
      expect(listed.body.result.structuredContent.courts).toEqual(courts);

      const disagreements: string[] = [];
      let covered = 0;
      for (const court of courts) {
        const answer = await callRoute(getCase, "/v2/case", { query: { case_id: court.case_id_format.example, court_code: court.court_code } });
        const code = answer.body?.error?.code ?? null;
        if (court.coverage === "planned") {
          if (answer.status !== 422 || code !== "court_not_covered") disagreements.push(`${court.court_code} is planned but a query answered ${answer.status} ${code}`);
          if (court.refresh_cadence_seconds !== null || court.case_management_system !== null) disagreements.push(`${court.court_code} is planned with a cadence or a system`);
          if (configuration.covers(recorded.get(court.court_code)!)) disagreements.push(`${court.court_code} should be covered under ${configuration.name}`);
          continue;
        }
        covered += 1;
        const answered = answer.status === 200 || (answer.status === 404 && code === "case_not_found");
        if (!answered) disagreements.push(`${court.court_code} is ${court.coverage} but a query for ${court.case_id_format.example} answered ${answer.status} ${code}: ${answer.body?.error?.message ?? ""}`);
        if (answer.status === 200 && answer.body.meta.coverage_status !== court.coverage) disagreements.push(`${court.court_code}: meta.coverage_status ${answer.body.meta.coverage_status}, status says ${court.coverage}`);
        if (court.refresh_cadence_seconds === null || court.case_management_system === null) disagreements.push(`${court.court_code} is covered without a cadence or a system`);
      }
      expect(disagreements).toEqual([]);
      expect(covered).toBeGreaterThanOrEqual(RECORDED_COURTS.filter(configuration.covers).length);
    } finally {
      await db.close();
      await undo();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  }, 600_000);
});
