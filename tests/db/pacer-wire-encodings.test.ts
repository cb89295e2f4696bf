// CM/ECF pages' bytes as older court servers send them, end to end over real HTTP (the replay server speaking
// PACER, the production adapter, court HTTP client and cache): a docket report in Windows-1252 under
// `charset=iso-8859-1` (0x92 for "’", 0x9A for "š"), and a report mixing UTF-8 and Windows-1252. The stored
// case and the answer hold the names as the court wrote them: no U+FFFD, no invisible control characters
// U+0080–U+009F, no "Ã". And a report compressed as IIS compresses ("deflate" without its zlib wrapper).
import { deflateRawSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CaseFull, CaseResponse } from "@/contract";
import { GET as getCase } from "@/app/v2/case/route";
import { useDatabase } from "@/lib/db";
import { callRoute } from "../helpers/call-route";
import { HAS_CORPUS } from "../helpers/corpus";
import { startPacerEnvironment, type PacerEnvironment } from "../helpers/replay/pacer-environment";
import { windows1252 } from "../helpers/replay/wire-encodings";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

vi.hoisted(() => {
  process.env.PACER_USERNAME = "replay-user";
  process.env.PACER_PASSWORD = "correct horse battery staple";
});
vi.mock("@/lib/payments/run-paid", () => ({
  runPaid: async (options: { work: (payer: string) => Promise<unknown> }) => ({
    result: await options.work("0x00000000000000000000000000000000000000ae"),
    payer: "0x00000000000000000000000000000000000000ae",
    headers: {},
  }),
}));

const MAD = "pacer/district/mad_193254.html";
const AS_RECORDED = "Sonja Krusic O'Donnell";
const AS_WRITTEN = "Sonja Krušic O’Donnell";
/** Nothing a court wrote: the replacement character, C1 controls (a misread Windows-1252 byte), UTF-8 read as Latin. */
const MISREAD = /[\uFFFD\u0080-\u009F]|Ã|Å|â€/;

const queryCase = (courtCode: string, caseId: string) =>
  callRoute<CaseResponse & { error: Record<string, string> }>(getCase, "/v2/case", { query: { case_id: caseId, court_code: courtCode, context: "full" } });

let env: PacerEnvironment;
beforeAll(async () => {
  if (HAS_CORPUS) env = await startPacerEnvironment();
});
afterAll(async () => env?.close());

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("CM/ECF pages' text encodings on %s", (_name, target) => {
  const database = databaseForSuite(target, (opened) => useDatabase(opened.db));
  let serial = 0;
  const host = () => {
    serial += 1;
    const caseId = `1:${target.name === "pglite" ? "23" : "24"}-cv-${String(50000 + serial * 41 + Math.floor(Math.random() * 40)).padStart(5, "0")}`;
    return env.pacer.host(MAD, { court: "mad", caseId });
  };
  beforeEach(async () => {
    env.server.clearFaults();
    await database().db.prisma.$executeRawUnsafe("DELETE FROM pacer_fees");
  });

  const expectWritten = (kase: CaseFull) => {
    expect(JSON.stringify(kase)).not.toMatch(MISREAD);
    expect(kase.parties.map((party) => party.name)).toContain(`Ms. ${AS_WRITTEN}`);
    expect(kase.docket_history.filter((entry) => entry.description.includes(`filed by ${AS_WRITTEN}.`))).not.toHaveLength(0);
  };

  it("a docket report in Windows-1252 (the header says iso-8859-1): a typographic apostrophe is one, not U+0092", async () => {
    const hosted = host();
    env.server.rewrite(/DktRpt\.pl/, (answer) => ({
      ...answer,
      headers: { ...answer.headers, "content-type": "text/html; charset=iso-8859-1" },
      body: windows1252(answer.body.toString("utf8").replaceAll(AS_RECORDED, AS_WRITTEN)),
    }));
    const answer = await queryCase("mad", hosted.caseId);
    expect(answer.status, answer.text).toBe(200);
    expectWritten(answer.body.case as CaseFull);
  });

  it("a docket report mixing UTF-8 (its parties) and Windows-1252 (its entries): both read as written", async () => {
    const hosted = host();
    env.server.rewrite(/DktRpt\.pl/, (answer) => {
      const text = answer.body.toString("utf8").replaceAll(AS_RECORDED, AS_WRITTEN);
      const entries = text.indexOf("10/25/2017</td>");
      expect(entries).toBeGreaterThan(0);
      return { ...answer, body: Buffer.concat([Buffer.from(text.slice(0, entries), "utf8"), windows1252(text.slice(entries))]) };
    });
    const answer = await queryCase("mad", hosted.caseId);
    expect(answer.status, answer.text).toBe(200);
    expectWritten(answer.body.case as CaseFull);
  });

  it("a docket report compressed with raw deflate (as IIS sends \"deflate\"): read and billed as PACER billed it, not taken for a lost answer", async () => {
    const hosted = host();
    env.server.rewrite(/DktRpt\.pl/, (answer) => ({ ...answer, headers: { ...answer.headers, "content-encoding": "deflate" }, body: deflateRawSync(answer.body) }));
    const answer = await queryCase("mad", hosted.caseId);
    expect(answer.status, answer.text).toBe(200);
    expect((answer.body.case as CaseFull).docket_history).toHaveLength(30);
    const fees = await database().db.prisma.pacerFee.findMany({ where: { caseId: hosted.caseId } });
    const billed = env.pacer.bills.filter((bill) => bill.caseId === hosted.caseId);
    expect(billed).toHaveLength(1);
    expect(fees.map((fee) => fee.costCents)).toEqual([billed[0]!.cents]);
    expect(await database().db.prisma.pacerCase.count({ where: { caseId: hosted.caseId, reportFailures: { gt: 0 } } })).toBe(0);
  });
});
