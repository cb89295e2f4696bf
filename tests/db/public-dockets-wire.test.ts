// The free public docket systems' answers as real servers send them, end to end over real HTTP (the replay
// server, the production fetchers and court HTTP client, the real cache): an IIS or older court server may
// send its page in Windows-1252 rather than UTF-8 (0xF1 for "ñ", 0x92 for "’"), and the case stored and
// answered must hold the names as the court wrote them (no U+FFFD, no "Ã±"); a court that answers 429 with a
// Retry-After is left alone until then, and its callers are told when to come back.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CaseFull, CaseResponse } from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { useDatabase } from "@/lib/db";
import { resetCourtHttpClientForTests } from "@/lib/sources/http/court-http-client";
import { caseObjectOf } from "@/lib/sources/read-saved-page";
import { readTamesCase } from "@/lib/sources/texas/read-tames-case";
import { callRoute } from "../helpers/call-route";
import { corpusText, HAS_CORPUS } from "../helpers/corpus";
import { startPublicDocketsEnvironment, type PublicDocketsEnvironment } from "../helpers/replay/public-dockets-environment";
import { asWindows1252 } from "../helpers/replay/wire-encodings";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

vi.hoisted(() => {
  process.env.PUBLIC_DOCKET_SYSTEMS = "scotus,tames,acis";
});
vi.mock("@/lib/payments/run-paid", async () => (await import("../helpers/payment-stand-in")).paymentStandIn("0x00000000000000000000000000000000000000ad"));

type Answer = CaseResponse & { error: { code: string; message: string } };
const query = (courtCode: string, caseId: string) => callRoute<Answer>(getCase, "/v2/case", { query: { case_id: caseId, court_code: courtCode, context: "full" } });

let env: PublicDocketsEnvironment;
beforeAll(async () => {
  if (HAS_CORPUS) env = await startPublicDocketsEnvironment();
});
afterAll(async () => env?.close());

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("court pages' text encodings on %s", (_name, target) => {
  const opened = databaseForSuite(target);
  beforeAll(() => useDatabase(opened().db));

  it("TAMES: a case page sent in Windows-1252 (said in its Content-Type) is read with its names as written", async () => {
    const number = "01-25-00011-CV";
    const court = env.tames.courtOf(number)!;
    // The recorded page with accented and typographic characters in its parties' names.
    const page = corpusText("state/texas/coa/01-25-00011-CV.html").replaceAll("Shronda Jones", "Shronda Jones-Peña").replaceAll("Marquita Jomes", "Marquita O’Jomes");
    const read = readTamesCase(page);
    if (read.kind !== "case") throw new Error("the page does not read");
    env.tames.servePage(number, court, page);
    env.server.rewrite(/Case\.aspx/, asWindows1252("text/html; charset=windows-1252"));
    try {
      const answer = await query("texapp1", number);
      expect(answer.status, answer.text).toBe(200);
      const kase = answer.body.case as CaseFull;
      const names = JSON.stringify(kase.parties);
      expect(names).toContain("Shronda Jones-Peña");
      expect(names).toContain("Marquita O’Jomes");
      expect(JSON.stringify(kase)).not.toMatch(/\uFFFD|Ã/);
      expect(kase.parties).toEqual(caseObjectOf(read, { kind: "us_state", system: "test" }, new Date()).parties);
    } finally {
      env.server.clearFaults();
      env.tames.servePage(number, court, null);
    }
  });

  it("TAMES answering 429 with Retry-After 600: 503 saying when to come back, nothing stored, and TAMES not asked again meanwhile", async () => {
    const number = "03-18-00261-CV";
    env.server.rewrite(/Case\.aspx/, (answer) => ({ status: 429, headers: { ...answer.headers, "retry-after": "600" }, body: Buffer.from("Too Many Requests") }));
    try {
      const before = env.server.log.length;
      for (const [court, caseId] of [["texapp3", number], ["texapp3", number], ["texapp1", "01-18-00277-CR"]] as const) {
        const again = await query(court, caseId);
        expect(again.status, again.text).toBe(503);
        expect(again.body.error.code).toBe("source_unavailable");
        const recovery = Date.parse((again.body.error as { estimated_recovery_at?: string }).estimated_recovery_at ?? "");
        expect(recovery).toBeGreaterThan(Date.now() + 500_000);
        expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(500);
      }
      // The first query asked once (a 429 is not repeated within its Retry-After); no other request since.
      expect(env.server.log.slice(before).map((entry) => entry.status)).toEqual([429]);
      expect(await opened().db.prisma.case.count({ where: { courtCode: "texapp3", caseId: number } })).toBe(0);
    } finally {
      env.server.clearFaults();
      // The client remembers the court's Retry-After: a fresh one for what follows.
      resetCourtHttpClientForTests();
    }
  });
});
