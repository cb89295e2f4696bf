// The replay server's CM/ECF appellate protocol (tests/helpers/replay): recorded courts-of-appeals dockets
// of ../shared/corpus/pacer/appellate cut as CaseSummary.jsp would serve them, checked with the production
// reader, and the TransportRoom handler answering over real HTTP (a docket, not found, sealed, the login page).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAppellateDocket } from "@/lib/sources/pacer/read-appellate-docket";
import { readTransactionReceipt } from "@/lib/sources/pacer/read-transaction-receipt";
import type { SourceCase } from "@/lib/sources/types";
import { corpusText, HAS_CORPUS } from "@/tests/helpers/corpus";
import { corpusFiles } from "@/tests/helpers/corpus";
import { analyzeAppellateDocket, appellateBilledPages, cutAppellateDocket, type AppellateRequest } from "@/tests/helpers/replay/pacer-appellate-pages";
import { startPacerEnvironment, TEST_LOGIN, type PacerEnvironment } from "@/tests/helpers/replay/pacer-environment";

const PAGES = ["ca1.html", "ca1_46307.html", "ca5_212643.html", "ca6_1.html", "cadc_1.html", "ca11_1.html", "ca9_2.html"].map((name) => `pacer/appellate/${name}`);
const ALL: AppellateRequest = { asOf: null, from: null, to: null, parties: true };

const caseOf = (html: string, label: string): SourceCase => {
  const read = readAppellateDocket(html);
  if (read.kind !== "case") throw new Error(`${label}: ${JSON.stringify(read)}`);
  return read.case;
};
// The reader gives an appellate entry's date as the page prints it (MM/DD/YYYY).
const isoOf = (filed: string) => `${filed.slice(6, 10)}-${filed.slice(0, 2)}-${filed.slice(3, 5)}`;

describe.skipIf(!HAS_CORPUS)("appellate docket pages cut as CaseSummary.jsp serves them", () => {
  it.each(PAGES)("%s: whole, it reads as the recorded page; without parties, no parties and every entry", (file) => {
    const html = corpusText(file);
    const original = caseOf(html, file);
    const docket = analyzeAppellateDocket(html);
    expect(docket.rows.length).toBe(original.entries.length);
    expect(docket.receiptRange).not.toBeNull();
    const whole = cutAppellateDocket(docket, ALL);
    expect(caseOf(whole.html, file)).toEqual(original);
    expect(whole.html).not.toMatch(/Transaction\s+Receipt/i);
    const bare = caseOf(cutAppellateDocket(docket, { ...ALL, parties: false }).html, file);
    expect(bare.parties).toEqual([]);
    expect(bare.entries).toEqual(original.entries);
  });

  it("the billing model is PACER's as the recorded receipts show it: 12 of the 13 receipts exactly, the odd one named", () => {
    const off: string[] = [];
    let receipts = 0;
    for (const file of corpusFiles("pacer/appellate", ".html")) {
      const html = corpusText(file);
      const receipt = readTransactionReceipt(html);
      if (!receipt) continue;
      receipts += 1;
      if (appellateBilledPages(html) !== receipt.billablePages) off.push(`${file}: billed ${receipt.billablePages}, modelled ${appellateBilledPages(html)}`);
    }
    expect(receipts).toBe(13);
    // The Ninth Circuit billed the 30-page cap for a 153-party docket of ~37,600 printed characters.
    expect(off).toEqual(["pacer/appellate/ca9_2.html: billed 30, modelled 8"]);
  });

  it("pages with a party section say where it is; pages saved without one say so", () => {
    for (const file of ["ca1.html", "ca1_46307.html", "ca5_212643.html", "ca6_1.html", "cadc_1.html", "ca9_2.html"]) {
      const docket = analyzeAppellateDocket(corpusText(`pacer/appellate/${file}`));
      expect(docket.problems, file).toEqual([]);
      expect(caseOf(corpusText(`pacer/appellate/${file}`), file).parties.length, file).toBeGreaterThan(0);
    }
    expect(analyzeAppellateDocket(corpusText("pacer/appellate/ca11_1.html")).problems).toEqual(['no "Party/Aty List" section comment']);
    expect(analyzeAppellateDocket(corpusText("pacer/appellate/ca1_3.html")).problems).toContain('no "DOCKET ENTRIES" section comment: entry rows found by their shape alone');
  });

  it.each(["ca1.html", "ca6_1.html", "ca1_46307.html", "ca5_212643.html"])("%s: a date range and an as-of day keep exactly the entries dated in them", (name) => {
    const file = `pacer/appellate/${name}`;
    const html = corpusText(file);
    const original = caseOf(html, file);
    const docket = analyzeAppellateDocket(html);
    const days = [...new Set(docket.rows.map((row) => row.date))].sort();
    const [from, to] = [days[Math.floor(days.length / 3)]!, days[Math.floor((2 * days.length) / 3)]!];
    const ranged = cutAppellateDocket(docket, { asOf: null, from, to, parties: false });
    const inRange = original.entries.filter((entry) => isoOf(entry.filed) >= from && isoOf(entry.filed) <= to);
    expect(inRange.length).toBeGreaterThan(0);
    expect(ranged.rows.length).toBe(inRange.length);
    expect(caseOf(ranged.html, file).entries).toEqual(inRange);
    expect(ranged.html.length).toBeLessThan(html.length);
    // Entries docketed after the court's day ("[Entered: ...]", else their date) do not exist yet; the parties are still there.
    const asOf = caseOf(cutAppellateDocket(docket, { ...ALL, asOf: from }).html, file);
    const docketed = (entry: { filed: string; entered?: unknown }) => (typeof entry.entered === "string" ? isoOf(entry.entered) : isoOf(entry.filed));
    expect(asOf.entries).toEqual(original.entries.filter((entry) => docketed(entry) <= from));
    expect(asOf.parties).toEqual(original.parties);
    // An entry's attachment rows go with it: nothing of a removed entry's documents is left.
    const none = cutAppellateDocket(docket, { ...ALL, from: "2100-01-01" });
    expect(caseOf(none.html, file).entries).toEqual([]);
    expect(none.html).not.toMatch(/docs1\//);
  });
});

describe.skipIf(!HAS_CORPUS)("the replay server's appellate TransportRoom", () => {
  let env: PacerEnvironment;
  let cookie: string;

  beforeAll(async () => {
    env = await startPacerEnvironment();
    env.pacer.hostAppellate("pacer/appellate/ca1.html", { court: "ca1" });
    env.pacer.hostAppellate("pacer/appellate/ca5_212643.html", { court: "ca5" });
    env.pacer.hostAppellate("pacer/appellate/cadc_1.html", { court: "cadc", sealed: true });
    const login = await fetch(`${env.server.baseUrl}/pacer-login/services/cso-auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(TEST_LOGIN),
    });
    cookie = `NextGenCSO=${((await login.json()) as { nextGenCSO: string }).nextGenCSO}`;
  });
  afterAll(async () => {
    await env?.close();
  });

  const get = async (court: string, path: string, params: Record<string, string>, withCookie = true) => {
    const query = new URLSearchParams({ servlet: "CaseSummary.jsp", incDktEntries: "Y", incOrigDkt: "Y", incPanel: "Y", incCaption: "long", fullDocketReport: "Y", actionType: "Run Docket Report", ...params });
    const answer = await fetch(`${env.server.baseUrl}/ecf/${court}/${path}/servlet/TransportRoom?${query}`, { headers: withCookie ? { cookie } : {} });
    return answer.text();
  };

  it("serves the cut docket with its receipt, billed by its printed text, and records what was asked", async () => {
    const billsBefore = env.pacer.bills.length;
    const page = await get("ca1", "n/beam", { caseNum: "10-01095", incPtyAty: "N", dateFrom: "02/09/2010", dateTo: "02/12/2010" });
    const read = caseOf(page, "served ca1");
    expect(read.caseNumber).toBe("10-1095");
    expect(read.parties).toEqual([]);
    const recorded = caseOf(corpusText("pacer/appellate/ca1.html"), "ca1").entries;
    expect(read.entries).toEqual(recorded.filter((entry) => isoOf(entry.filed) >= "2010-02-09" && isoOf(entry.filed) <= "2010-02-12"));
    expect(read.entries.length).toBe(7);
    const bill = env.pacer.bills.at(-1)!;
    expect(env.pacer.bills.length).toBe(billsBefore + 1);
    expect(bill).toMatchObject({ court: "ca1", caseId: "10-1095", pages: appellateBilledPages(page), cents: appellateBilledPages(page) * 10 });
    expect(readTransactionReceipt(page)).toEqual({ billablePages: bill.pages, costCents: bill.cents });
    expect(env.pacer.appellateRequests.at(-1)).toMatchObject({ court: "ca1", caseNum: "10-01095", params: { incPtyAty: "N", dateFrom: "02/09/2010" } });

    // The /cmecf/ path (ca7's, by court-systems.md §2), with parties.
    const ca5 = caseOf(await get("ca5", "cmecf", { caseNum: "23-30126", incPtyAty: "Y" }), "served ca5");
    expect(ca5).toEqual(caseOf(corpusText("pacer/appellate/ca5_212643.html"), "ca5"));
  });

  it("answers an unknown number, a sealed case and a missing session without billing", async () => {
    const billsBefore = env.pacer.bills.length;
    const refusal = (page: string) => readAppellateDocket(page);
    expect(refusal(await get("ca1", "n/beam", { caseNum: "10-1096", incPtyAty: "Y" }))).toMatchObject({ kind: "refused", reason: "case_not_found" });
    // The number of a docket hosted for another court is not this court's.
    expect(refusal(await get("ca1", "cmecf", { caseNum: "23-30126", incPtyAty: "Y" }))).toMatchObject({ kind: "refused", reason: "case_not_found" });
    expect(refusal(await get("cadc", "n/beam", { caseNum: "22-8513", incPtyAty: "Y" }))).toMatchObject({ kind: "refused", reason: "sealed" });
    expect(refusal(await get("ca1", "n/beam", { caseNum: "10-1095", incPtyAty: "Y" }, false))).toMatchObject({ kind: "refused", reason: "login_required" });
    expect(env.pacer.bills.length).toBe(billsBefore);
    expect(env.pacer.appellateRequests.slice(-4).map((request) => `${request.court} ${request.caseNum}`)).toEqual(["ca1 10-1096", "ca1 23-30126", "cadc 22-8513", "ca1 10-1095"]);
  });
});
