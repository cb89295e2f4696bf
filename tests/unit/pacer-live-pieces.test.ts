// The pure pieces of the PACER live source: the authentication service's answers, the transaction receipt,
// the fee arithmetic, which courts PACER serves and the coverage that follows, and the replay server's
// docket cutting checked against the real reader on every corpus docket (so the tests' "PACER" serves
// what CM/ECF would: the same rows, fewer for a date range, no parties when not asked).
import { describe, expect, it } from "vitest";
import { connectedCoverage, publicSystem } from "@/lib/courts/connected-coverage";
import { RECORDED_COURTS } from "@/lib/courts/registry";
import { billedPages } from "@/lib/sources/pacer/fee-ledger";
import { feedPath, pacerServesCourt, transportRoomPath } from "@/lib/sources/pacer/pacer-courts";
import { newestItemTime } from "@/lib/sources/pacer/poll-court-feed";
import { readDocketReport } from "@/lib/sources/pacer/read-docket-report";
import { readLoginResponse } from "@/lib/sources/pacer/read-login-response";
import { readTransactionReceipt } from "@/lib/sources/pacer/read-transaction-receipt";
import { totpCode } from "@/lib/sources/pacer/totp-code";
import { corpusFiles, corpusText, HAS_CORPUS } from "../helpers/corpus";
import { analyzeDocket, cutDocket } from "../helpers/replay/pacer-docket-pages";

const court = (code: string) => RECORDED_COURTS.find((entry) => entry.court_code === code)!;

describe("PACER authentication answers", () => {
  it("reads a login, a refusal, a refusal that asks for the one-time code, and junk", () => {
    expect(readLoginResponse('{"nextGenCSO":"abc","loginResult":"0","errorDescription":""}')).toEqual({ kind: "logged_in", token: "abc", notice: null });
    expect(readLoginResponse('{"nextGenCSO":"abc","loginResult":"0","errorDescription":"Password expires in 5 days"}')).toMatchObject({ notice: "Password expires in 5 days" });
    expect(readLoginResponse('{"loginResult":"1","errorDescription":"Invalid username or password"}')).toEqual({ kind: "refused", message: "Invalid username or password", needsOneTimeCode: false });
    expect(readLoginResponse('{"loginResult":"1","errorDescription":"A one-time passcode is required"}')).toMatchObject({ kind: "refused", needsOneTimeCode: true });
    expect(readLoginResponse('{"loginResult":"0"}').kind).toBe("unreadable");
    expect(readLoginResponse("<html>down</html>").kind).toBe("unreadable");
  });

  it("computes RFC 6238 codes from a base32 secret (the RFC's SHA-1 test vector)", () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits); 6 digits: 287082.
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totpCode(secret, new Date(59_000))).toBe("287082");
    expect(totpCode(secret, new Date(1_111_111_109_000))).toBe("081804");
  });
});

describe("PACER fees", () => {
  it("bills 4,320 bytes a page, at least one, 30 at most for a docket", () => {
    expect(billedPages(1, true)).toBe(1);
    expect(billedPages(4320, true)).toBe(1);
    expect(billedPages(4321, true)).toBe(2);
    expect(billedPages(500_000, true)).toBe(30);
    expect(billedPages(500_000, false)).toBe(116);
  });

  it.skipIf(!HAS_CORPUS)("reads the transaction receipt CM/ECF prints under a report", () => {
    expect(readTransactionReceipt(corpusText("pacer/district/cand_2.html"))).toEqual({ billablePages: 4, costCents: 40 });
    expect(readTransactionReceipt(corpusText("pacer/district/akd.html"))).toEqual({ billablePages: 1, costCents: 10 });
    expect(readTransactionReceipt("<html><body>no receipt</body></html>")).toBeNull();
  });
});

describe("coverage from connected sources", () => {
  it("federal CM/ECF courts, the courts of appeals on CM/ECF among them, are served by PACER while an account is configured; ACMS circuits, BAPs, JPML and Veterans Claims not yet", () => {
    expect(pacerServesCourt(court("nysd"))).toBe(true);
    expect(pacerServesCourt(court("nysb"))).toBe(true);
    expect(pacerServesCourt(court("cit"))).toBe(true);
    expect(pacerServesCourt(court("ca9"))).toBe(false);
    expect(pacerServesCourt(court("ca3"))).toBe(true);
    expect(pacerServesCourt(court("bap9"))).toBe(false);
    // Where the records put the servlet: ca5's docket and ca11's feed link /n/beam/; ca7 (no record) as the notes say.
    expect(["ca1", "ca5", "ca11", "cadc", "ca7"].map(transportRoomPath)).toEqual([
      "/n/beam/servlet/TransportRoom",
      "/n/beam/servlet/TransportRoom",
      "/n/beam/servlet/TransportRoom",
      "/n/beam/servlet/TransportRoom",
      "/cmecf/servlet/TransportRoom",
    ]);
    expect(feedPath(court("ca7"))).toBe("/n/beam/servlet/TransportRoom?servlet=RSSGenerator");
    expect(feedPath(court("nyed"))).toBe("/cgi-bin/readyDockets.pl");
    expect(feedPath(court("mad"))).toBe("/cgi-bin/rss_outside.pl");
    expect(pacerServesCourt(court("jpml"))).toBe(false);
    const pacer = { pacer: true, demo: false, publicDockets: new Set<never>() };
    expect(connectedCoverage(court("nysd"), pacer)).toMatchObject({ coverage: "full", case_management_system: "CM/ECF" });
    // A court of appeals on CM/ECF: what its feed lists within the hour, the rest daily while queried and weekly
    // otherwise (every reading is billed), and its notes say so.
    expect(connectedCoverage(court("ca3"), pacer)).toMatchObject({ coverage: "partial", case_management_system: "CM/ECF Appellate", refresh_cadence_seconds: 86_400 });
    expect(connectedCoverage(court("ca3"), pacer).notes).toMatch(/^Orders, opinions and judgments the court.s free feed lists are read within the hour/);
    expect(connectedCoverage(court("ca2"), pacer)).toMatchObject({ coverage: "planned", case_management_system: null, refresh_cadence_seconds: null });
    // The account is configured: the notes say what is missing for these courts, not that it is absent.
    for (const code of ["ca2", "jpml", "bap9", "cavc"]) {
      const notes = connectedCoverage(court(code), pacer).notes!;
      expect(notes).toMatch(/^Not served: the PACER source does not read this court's (CM\/ECF( Appellate)?|ACMS) dockets yet/);
      expect(notes).not.toMatch(/no PACER account|not connected/);
    }
    // With the demo source beside the account they are generated, and say why in the same words.
    const pacerAndDemo = { pacer: true, demo: true, publicDockets: new Set<never>() };
    for (const code of ["ca2", "jpml", "bap9", "cavc"]) {
      const served = publicSystem(connectedCoverage(court(code), pacerAndDemo), pacerAndDemo);
      expect(served.case_management_system).toMatch(/^Demo source/);
      expect(served.notes).toMatch(/generated cases, not the court's records; the PACER source does not read this court's/);
      expect(served.notes).not.toMatch(/no PACER account/);
    }
  });

  it("without any source a court is planned, never full; with the demo source federal courts say so", () => {
    const none = { pacer: false, demo: false, publicDockets: new Set<never>() };
    const nysd = connectedCoverage(court("nysd"), none);
    expect(nysd).toMatchObject({ coverage: "planned", case_management_system: null });
    expect(nysd.notes).toMatch(/no PACER account is configured/);
    const demo = { pacer: false, demo: true, publicDockets: new Set<never>() };
    const covered = connectedCoverage(court("nysd"), demo);
    expect(covered.coverage).toBe(court("nysd").coverage);
    // Internally the system stays CM/ECF (normalization keys on it); publicly the demo says what it is.
    expect(covered.case_management_system).toBe("CM/ECF");
    expect(publicSystem(covered, demo).case_management_system).toMatch(/^Demo source/);
    expect(publicSystem(covered, demo).notes).toMatch(/generated cases, not the court's records; no PACER account is configured/);
    const both = { pacer: true, demo: true, publicDockets: new Set<never>() };
    expect(publicSystem(connectedCoverage(court("nysd"), both), both).case_management_system).toBe("CM/ECF");
  });

  it("the Supreme Court's, Texas' and Florida's courts are served while their public docket system is connected", () => {
    const none = { pacer: false, demo: false, publicDockets: new Set<"scotus" | "tames" | "acis">() };
    const all = { pacer: false, demo: false, publicDockets: new Set(["scotus", "tames", "acis"] as const) };
    for (const [code, system] of [["scotus", "Supreme Court of the United States docket"], ["txsupct", "TAMES"], ["texcrimapp", "TAMES"], ["texapp15", "TAMES"], ["fla", "ACIS"], ["fladistctapp6", "ACIS"]] as const) {
      expect(connectedCoverage(court(code), all)).toMatchObject({ coverage: "full", case_management_system: system });
      expect(publicSystem(connectedCoverage(court(code), all), all).case_management_system).toBe(system);
      const planned = connectedCoverage(court(code), none);
      expect(planned).toMatchObject({ coverage: "planned", case_management_system: null, refresh_cadence_seconds: null });
      expect(planned.notes).toMatch(/not connected in this deployment \(PUBLIC_DOCKET_SYSTEMS\)/);
    }
    // One system connected, not the others.
    const texas = { pacer: false, demo: false, publicDockets: new Set(["tames"] as const) };
    expect(connectedCoverage(court("texapp1"), texas).coverage).toBe("full");
    expect(connectedCoverage(court("fla"), texas).coverage).toBe("planned");
    // With the demo source standing in, a state court says so too, not the system it does not read.
    const demo = { pacer: false, demo: true, publicDockets: new Set<never>() };
    expect(publicSystem(connectedCoverage(court("fla"), demo), demo).case_management_system).toMatch(/^Demo source .*ACIS not connected/);
  });
});

describe.skipIf(!HAS_CORPUS)("the replay server's docket pages (tests/helpers/replay)", () => {
  const dockets = [...corpusFiles("pacer/district", ".html"), ...corpusFiles("pacer/bankruptcy", ".html")].filter(
    (file) => readDocketReport(corpusText(file)).kind === "case",
  );

  it("serves every corpus docket whole as the reader reads the recorded page, and without parties when not asked", () => {
    for (const file of dockets) {
      const html = corpusText(file);
      const original = readDocketReport(html);
      if (original.kind !== "case") continue;
      const docket = analyzeDocket(html);
      const whole = readDocketReport(cutDocket(docket, { asOf: null, rangeType: "Filed", from: null, to: null, parties: true }).html);
      expect(whole.kind, file).toBe("case");
      if (whole.kind !== "case") continue;
      expect(whole.case.entries, file).toEqual(original.case.entries);
      expect(whole.case.parties.length, file).toBe(original.case.parties.length);
      const bare = readDocketReport(cutDocket(docket, { asOf: null, rangeType: "Filed", from: null, to: null, parties: false }).html);
      expect(bare.kind === "case" && bare.case.entries.length, file).toBe(original.case.entries.length);
    }
  });

  it("an Entered range returns only the rows entered in it, so an incremental fetch is smaller", () => {
    const html = corpusText("pacer/district/laed_127926.html");
    const docket = analyzeDocket(html);
    const days = docket.rows.map((row) => row.entered!).sort();
    const middle = days[Math.floor(days.length / 2)]!;
    const since = cutDocket(docket, { asOf: null, rangeType: "Entered", from: middle, to: null, parties: false });
    expect(since.rows.length).toBe(days.filter((day) => day >= middle).length);
    expect(since.html.length).toBeLessThan(html.length);
    const asOf = cutDocket(docket, { asOf: middle, rangeType: "Filed", from: null, to: null, parties: true });
    expect(asOf.rows.every((row) => row.entered! <= middle)).toBe(true);
  });
});

describe("a PACER feed's newest item, which says whether it still updates", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  const skew = 5 * 60_000;
  const at = (iso: string) => Date.parse(iso);
  it("is the newest of the kept time and this poll's stated times", () => {
    expect(newestItemTime(new Date("2026-11-20T00:00:00Z"), [at("2026-11-27T11:00:00Z"), at("2026-11-26T09:00:00Z")], now, skew)).toEqual(new Date("2026-11-27T11:00:00Z"));
    expect(newestItemTime(new Date("2026-11-27T11:30:00Z"), [at("2026-11-27T11:00:00Z")], now, skew)).toEqual(new Date("2026-11-27T11:30:00Z"));
    expect(newestItemTime(null, [], now, skew)).toBeNull();
  });
  it("leaves out a time dated ahead of now beyond the clocks' skew: one wrong date does not keep a stopped feed looking fresh", () => {
    expect(newestItemTime(new Date("2026-11-20T00:00:00Z"), [at("2027-11-27T11:00:00Z")], now, skew)).toEqual(new Date("2026-11-20T00:00:00Z"));
    expect(newestItemTime(new Date("2027-01-01T00:00:00Z"), [], now, skew)).toBeNull();
    expect(newestItemTime(null, [at("2026-11-27T12:04:00Z")], now, skew)).toEqual(new Date("2026-11-27T12:04:00Z"));
  });
});
