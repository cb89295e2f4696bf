// PACER's protocol for the replay server, from recorded real pages (../shared/corpus/pacer): the
// authentication service's JSON (success, bad password, one-time code required or wrong), and per court
// under `/ecf/<court>`: possible_case_numbers.pl, DktRpt.pl multipart POSTs (cut to the requested date
// range and party choice, billed by bytes with a receipt as PACER does), iquery.pl, mobile_query.pl, the
// RSS feed, and the "please log in" page for a session that is not (or no longer) valid. Courts of appeals
// (CM/ECF appellate): GET `/ecf/<court>/n/beam/servlet/TransportRoom` or `.../cmecf/servlet/TransportRoom`
// with servlet=CaseSummary.jsp (cut to dateFrom/dateTo and incPtyAty, billed by its printed text as the
// corpus's appellate receipts show, with a receipt; a sealed or not-found notice; the same login page) and
// servlet=RSSGenerator (the orders, opinions and judgments docketed in the last day). Courts' days are the
// dockets' own ("today" moves with advanceTo); feed items carry the wall time a row became visible.
// Test configuration: PACER_LOGIN_URL=<base>/pacer-login, PACER_ECF_URL_TEMPLATE=<base>/ecf/{court}.
import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { readAppellateDocket } from "@/lib/sources/pacer/read-appellate-docket";
import { readDocketReport } from "@/lib/sources/pacer/read-docket-report";
import { splitCmEcfNumber } from "@/lib/sources/pacer/split-cmecf-number";
import { corpusFiles, corpusText } from "../corpus";
import { analyzeAppellateDocket, appellateBilledPages, appellateReceiptHtml, cutAppellateDocket, type RecordedAppellateDocket } from "./pacer-appellate-pages";
import { analyzeDocket, cutDocket, receiptHtml, withPrintedNumber, type DocketRequest, type RecordedDocket } from "./pacer-docket-pages";
import { caseQueryPage, escapeXml, feedXml, lookupXml, mobileQueryPage, type FeedItem } from "./pacer-pages";
import type { ReplayProtocol, ReplayRequest, ReplayResponse } from "./replay-server";

export interface PacerAccount {
  loginId: string;
  password: string;
  totpSecret?: string;
}

export interface HostedDocket {
  court: string;
  caseId: string;
  pacerCaseId: string;
  /** As possible_case_numbers.pl lists it. */
  listedNumber: string;
  title: string;
  judge: string | null;
  dateFiled: string | null;
  docket: RecordedDocket;
  sealed: boolean;
  /** Wall time each row (by start offset) became visible, for feed items. */
  visibleSince: Map<number, Date>;
  /** This docket's day is the courts' "today" plus this many days (dockets of different eras side by side). */
  dayOffset: number;
  /** The number its report prints in the heading, when not `caseId` (a court serving another case's report). */
  printedAs?: string;
}

export interface HostedAppellate {
  court: string;
  /** As the court prints it ("10-1095"). */
  caseId: string;
  docket: RecordedAppellateDocket;
  sealed: boolean;
  /** As HostedDocket's. */
  dayOffset: number;
  /** As HostedDocket's: wall time each row (by start offset) was docketed, for the feed's items. */
  visibleSince: Map<number, Date>;
  /** The page's caption, for the feed's item titles. */
  title: string;
}

/**
 * `cap`: the feed keeps only its newest items, as PACER's feeds keep a capped number (court-systems.md §1.6).
 * `stoppedAt`: the feed stopped updating then and answers the items it had (nyeb's answered the same for months).
 */
export type FeedSetting = { kind: "all"; cap?: number; stoppedAt?: Date } | { kind: "types"; types: string[]; cap?: number; stoppedAt?: Date } | { kind: "none" };

export interface Bill {
  court: string;
  caseId: string;
  bytes: number;
  pages: number;
  cents: number;
}

const iso = (mmddyyyy: string | undefined): string | null => {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((mmddyyyy ?? "").trim());
  return match ? `${match[3]}-${match[1]!.padStart(2, "0")}-${match[2]!.padStart(2, "0")}` : null;
};

export class PacerReplay implements ReplayProtocol {
  readonly accounts = new Map<string, PacerAccount>();
  readonly tokens = new Set<string>();
  readonly logins: Array<{ loginId: string; result: "ok" | "bad_password" | "otp_required" | "otp_wrong" }> = [];
  readonly bills: Bill[] = [];
  readonly feeds = new Map<string, FeedSetting>();
  readonly hosted: HostedDocket[] = [];
  readonly hostedAppellate: HostedAppellate[] = [];
  /** Appellate dockets served without their transaction receipt (billed all the same), as a page can come. */
  appellateWithoutReceipt = false;
  /** Every appellate CaseSummary request, answered or not (a session refused, a case not found); not the feed's. */
  readonly appellateRequests: Array<{ court: string; caseNum: string; params: Record<string, string> }> = [];
  /** The courts' "today" (ISO date): rows entered later are not on any docket yet. Null: everything is. */
  today: string | null = null;
  /** Cents the entry count page (mobile_query.pl) charges, saying "Cost:" as PACER's does when it charged; 0: free. */
  mobileQueryCents = 0;

  addAccount(account: PacerAccount): void {
    this.accounts.set(account.loginId, account);
  }

  /** Serve a recorded docket page as case `caseId` (default: its own number) with PACER id `pacerCaseId`. */
  host(file: string, options: { court: string; caseId?: string; pacerCaseId?: string; sealed?: boolean; visibleAt?: Date; dayOffset?: number }): HostedDocket {
    const analyzed = this.analyzed(file);
    const { reading, docket } = analyzed;
    const parts = splitCmEcfNumber(reading.case.caseNumber);
    const caseId = options.caseId ?? parts?.core;
    if (!caseId) throw new Error(`${file}: give the case id (its number ${reading.case.caseNumber} has no office)`);
    const wanted = splitCmEcfNumber(caseId)!;
    const hosted: HostedDocket = {
      court: options.court,
      caseId,
      pacerCaseId: options.pacerCaseId ?? String(100000 + this.hosted.length * 7919),
      listedNumber: `${wanted.office}:${wanted.year}-${wanted.type}-${Number(wanted.serial)}`,
      title: reading.case.title,
      judge: reading.case.judge ?? null,
      dateFiled: reading.case.dateFiled ?? null,
      docket,
      sealed: options.sealed ?? false,
      visibleSince: new Map(),
      dayOffset: options.dayOffset ?? 0,
    };
    this.hosted.push(hosted);
    this.markVisible(options.visibleAt, [hosted]);
    return hosted;
  }

  /** Serve a recorded appellate docket as case `caseId` (default: its own number) of court `court`. */
  hostAppellate(file: string, options: { court: string; caseId?: string; sealed?: boolean; dayOffset?: number; visibleAt?: Date }): HostedAppellate {
    let found = this.appellateAnalyses.get(file);
    if (!found) {
      const html = corpusText(file);
      const reading = readAppellateDocket(html);
      if (reading.kind !== "case") throw new Error(`${file} is not an appellate docket`);
      found = { caseNumber: reading.case.caseNumber, title: reading.case.title, docket: analyzeAppellateDocket(html) };
      this.appellateAnalyses.set(file, found);
    }
    const hosted: HostedAppellate = {
      court: options.court,
      caseId: options.caseId ?? found.caseNumber,
      docket: found.docket,
      sealed: options.sealed ?? false,
      dayOffset: options.dayOffset ?? 0,
      visibleSince: new Map(),
      title: found.title,
    };
    this.hostedAppellate.push(hosted);
    this.markVisible(options.visibleAt, []);
    return hosted;
  }

  /** Move the courts' day forward: rows entered up to `day` appear now (feed items get this wall time). */
  advanceTo(day: string | null): void {
    this.today = day;
    this.markVisible();
  }

  /** Every session token stops being accepted (CM/ECF answers with its login page). */
  expireSessions(): void {
    this.tokens.clear();
  }

  billedCents(): number {
    return this.bills.reduce((sum, bill) => sum + bill.cents, 0);
  }

  private readonly analyses = new Map<string, { reading: { case: import("@/lib/sources/types").SourceCase }; docket: RecordedDocket }>();
  private readonly appellateAnalyses = new Map<string, { caseNumber: string; title: string; docket: RecordedAppellateDocket }>();

  /** A recorded docket read and cut into rows once, however many cases serve it. */
  private analyzed(file: string) {
    let found = this.analyses.get(file);
    if (!found) {
      const html = corpusText(file);
      const reading = readDocketReport(html);
      if (reading.kind !== "case") throw new Error(`${file} is not a docket`);
      found = { reading, docket: analyzeDocket(html) };
      this.analyses.set(file, found);
    }
    return found;
  }

  /** The docket's own "today" (ISO date), or null when every row exists. */
  asOf(hosted: { dayOffset: number }): string | null {
    if (this.today === null) return null;
    return new Date(Date.parse(`${this.today}T00:00:00Z`) + hosted.dayOffset * 86_400_000).toISOString().slice(0, 10);
  }

  private markVisible(at?: Date, dockets: readonly HostedDocket[] = this.hosted): void {
    const now = at ?? new Date();
    for (const hosted of this.hostedAppellate) {
      const asOf = this.asOf(hosted);
      for (const row of hosted.docket.rows) {
        if ((asOf === null || (row.entered ?? row.date) <= asOf) && !hosted.visibleSince.has(row.start)) hosted.visibleSince.set(row.start, now);
      }
    }
    for (const hosted of dockets) {
      const asOf = this.asOf(hosted);
      for (const row of hosted.docket.rows) {
        const entered = row.entered ?? row.filed!;
        if ((asOf === null || entered <= asOf) && !hosted.visibleSince.has(row.start)) hosted.visibleSince.set(row.start, now);
      }
    }
  }

  async handle(request: ReplayRequest): Promise<ReplayResponse | null> {
    if (request.method === "POST" && request.path === "/pacer-login/services/cso-auth") return this.login(request);
    const appellate = /^\/ecf\/([a-z0-9]+)\/(?:n\/beam|cmecf)\/servlet\/TransportRoom$/.exec(request.path);
    if (appellate && request.method === "GET") return this.appellate(appellate[1]!, request);
    const match = /^\/ecf\/([a-z0-9]+)\/cgi-bin\/([A-Za-z0-9_]+\.pl)$/.exec(request.path);
    if (!match) return null;
    const [, court, script] = match as unknown as [string, string, string];
    if (/^(rss_outside|rss_outside4|readyDockets)\.pl$/.test(script)) return this.feed(court);
    const token = request.cookies.NextGenCSO ?? request.cookies.PacerSession;
    if (!token || !this.tokens.has(token)) return { body: corpusText("pacer/authentication_samples/please_log_in.html") };
    switch (script) {
      case "possible_case_numbers.pl":
        return this.lookup(court, decodeURIComponent(request.rawQuery));
      case "DktRpt.pl":
        return this.docketReport(court, await request.form());
      case "iquery.pl":
        return this.caseQuery(court, await request.form());
      case "mobile_query.pl":
        return this.mobileQuery(court, request.query.get("caseid") ?? "");
      default:
        return { status: 404, body: "<html><body>Not Found</body></html>" };
    }
  }

  private appellate(court: string, request: ReplayRequest): ReplayResponse {
    const params = Object.fromEntries(request.query);
    // The feed is public (no session), as the district feeds are.
    if (params.servlet === "RSSGenerator") return this.appellateFeed(court);
    const caseNum = params.caseNum ?? "";
    this.appellateRequests.push({ court, caseNum, params });
    const token = request.cookies.NextGenCSO ?? request.cookies.PacerSession;
    if (!token || !this.tokens.has(token)) return { body: corpusText("pacer/authentication_samples/please_log_in.html") };
    if (params.servlet !== "CaseSummary.jsp") return { status: 404, body: "<html><body>Not Found</body></html>" };
    // "10-01095" is "10-1095": year and serial compared as numbers (a BAP's district letters aside).
    const numberOf = (value: string) => /(\d{2})-0*(\d+)$/.exec(value.trim())?.slice(1).join("-") ?? null;
    const wanted = numberOf(caseNum);
    const hosted = this.hostedAppellate.find((candidate) => candidate.court === court && wanted !== null && numberOf(candidate.caseId) === wanted);
    // Neither notice is a recorded page (the corpus has no appellate not-found or sealed answer): the wording is
    // what lib/sources/pacer/appellate-refusal.ts takes for case_not_found and sealed. Neither is billed.
    const notice = (message: string) => ({ body: `<html>\n<head><title>Case Summary</title></head>\n<body>\n<p>${message}</p>\n</body>\n</html>\n` });
    if (!hosted) return notice("Case not found.");
    if (hosted.sealed) return notice("This case is sealed.");
    const from = iso(params.dateFrom);
    const to = iso(params.dateTo);
    const cut = cutAppellateDocket(hosted.docket, {
      asOf: this.asOf(hosted),
      from,
      to,
      parties: params.incPtyAty === "Y",
      entries: params.incDktEntries === "Y",
    });
    const bytes = Buffer.byteLength(cut.html, "utf8");
    const pages = appellateBilledPages(cut.html);
    this.bills.push({ court, caseId: hosted.caseId, bytes, pages, cents: pages * 10 });
    if (this.appellateWithoutReceipt) return { body: cut.html };
    const receipt = appellateReceiptHtml({ at: new Date(), loginId: "replay", caseNumber: hosted.caseId, filtered: from !== null || to !== null, pages, cents: pages * 10 });
    return { body: cut.html.slice(0, cut.receiptAt) + receipt + cut.html.slice(cut.receiptAt) };
  }

  /**
   * A court of appeals' feed (`TransportRoom?servlet=RSSGenerator`): the orders, opinions and judgments docketed
   * in the last day on its hosted dockets, as the corpus's appellate feeds list them (cadc.xml: title "number
   * caption", link `DocketReportFilter.jsp&caseNum=`, description "[short text] (<a href=docs1 link>Document</a>)",
   * the court's zone — here GMT, which the reader takes as well).
   */
  private appellateFeed(court: string): ReplayResponse {
    const dayAgo = Date.now() - 86_400_000;
    const base = `https://ecf.${court}.uscourts.gov/n/beam/servlet/TransportRoom`;
    const items: string[] = [];
    for (const hosted of this.hostedAppellate.filter((candidate) => candidate.court === court && !candidate.sealed)) {
      const reading = readAppellateDocket(cutAppellateDocket(hosted.docket, { asOf: null, from: null, to: null, parties: false }).html);
      if (reading.kind !== "case") continue;
      // The analysed rows and the reader's entries are the same rows, in order (tests/unit/replay-appellate-pages).
      hosted.docket.rows.forEach((row, index) => {
        const seen = hosted.visibleSince.get(row.start);
        const entry = reading.case.entries[index];
        if (!seen || seen.getTime() < dayAgo || !entry || !/^\s*(?:order|opinion|judgment)\b/i.test(entry.text)) return;
        const short = escapeXml(entry.text.split(/[.:;(\[]/)[0]!.trim().slice(0, 60));
        const document = entry.documentUrl ? ` (&lt;a href='${escapeXml(entry.documentUrl)}'>Document&lt;/a>)` : "";
        const link = `${base}?servlet=DocketReportFilter.jsp&amp;caseNum=${hosted.caseId}`;
        items.push(
          `<item>\n\t<title>${escapeXml(hosted.caseId)} ${escapeXml(hosted.title)}</title>\n\t<link>${link}</link>\n` +
            `\t<description>[${short}]${document}</description>\n\t<guid isPermaLink="true">${link}&amp;partId=${row.start}</guid>\n` +
            `\t<pubDate>${seen.toUTCString()}</pubDate>\n</item>`,
        );
      });
    }
    return {
      headers: { "content-type": "application/rss+xml" },
      body:
        `<?xml version='1.0' encoding='ISO-8859-1'?>\n\n<rss version="2.0" xmlns:blogChannel="http://backend.userland.com/blogChannelModule">\n\n<channel>\n` +
        `\t<title>United States Court of Appeals (${court}) - Recent Entries</title>\n\t<link>https://ecf.${court}.uscourts.gov</link>\n` +
        `\t<description>Docket entries of type: orders,opinions,judgments</description>\n\t<lastBuildDate>${new Date().toUTCString()}</lastBuildDate>\n` +
        `${items.join("\n")}\n</channel>\n</rss>\n`,
    };
  }

  private login(request: ReplayRequest): ReplayResponse {
    const body = request.json() as Record<string, string>;
    const account = this.accounts.get(body.loginId ?? "");
    const answer = (fields: Record<string, string>) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(fields) });
    if (!account || account.password !== body.password) {
      this.logins.push({ loginId: body.loginId ?? "", result: "bad_password" });
      return answer({ loginResult: "1", errorDescription: "Invalid username, password, or one-time passcode." });
    }
    if (account.totpSecret) {
      if (!body.otpCode) {
        this.logins.push({ loginId: account.loginId, result: "otp_required" });
        return answer({ loginResult: "1", errorDescription: "A one-time passcode is required for this account." });
      }
      const totp = new TOTP({ secret: Secret.fromBase32(account.totpSecret) });
      if (totp.validate({ token: body.otpCode, window: 1 }) === null) {
        this.logins.push({ loginId: account.loginId, result: "otp_wrong" });
        return answer({ loginResult: "1", errorDescription: "Invalid username, password, or one-time passcode." });
      }
    }
    const token = randomBytes(64).toString("hex");
    this.tokens.add(token);
    this.logins.push({ loginId: account.loginId, result: "ok" });
    return answer({ nextGenCSO: token, loginResult: "0", errorDescription: "" });
  }

  private find(court: string, pacerCaseId: string): HostedDocket | undefined {
    return this.hosted.find((hosted) => hosted.court === court && hosted.pacerCaseId === pacerCaseId);
  }

  private lookup(court: string, number: string): ReplayResponse {
    const wanted = splitCmEcfNumber(number);
    const same = (caseId: string) => {
      const parts = splitCmEcfNumber(caseId);
      return !!parts && !!wanted && parts.year === wanted.year && Number(parts.serial) === Number(wanted.serial) && (!wanted.type || parts.type === wanted.type);
    };
    const matches = this.hosted.filter((hosted) => hosted.court === court && same(hosted.caseId));
    if (matches.some((hosted) => hosted.sealed)) return { headers: { "content-type": "text/xml" }, body: lookupXml(number, { sealed: true }) };
    if (matches.length > 0) return { headers: { "content-type": "text/xml" }, body: lookupXml(number, { cases: matches }) };
    // A recorded answer for exactly this number (the corpus's possible_case_numbers records).
    for (const file of corpusFiles("pacer/possible_case_numbers", ".xml")) {
      const xml = corpusText(file);
      if (new RegExp(`<request number=["']${number.replace(/[^\w:-]/g, "")}["']`).test(xml)) return { headers: { "content-type": "text/xml" }, body: xml };
    }
    return { headers: { "content-type": "text/xml" }, body: lookupXml(number, {}) };
  }

  private docketReport(court: string, form: Record<string, string>): ReplayResponse {
    const hosted = this.find(court, form.all_case_ids ?? "");
    if (!hosted) return { body: corpusText("pacer/not_dockets/cacd_628915.html") };
    const request: DocketRequest = {
      asOf: this.asOf(hosted),
      rangeType: form.date_range_type === "Entered" ? "Entered" : "Filed",
      from: iso(form.date_from),
      to: iso(form.date_to),
      parties: form.list_of_parties_and_counsel === "on",
    };
    const html = withPrintedNumber(cutDocket(hosted.docket, request).html, hosted.printedAs ?? hosted.caseId);
    const bytes = Buffer.byteLength(html, "utf8");
    const pages = Math.min(30, Math.max(1, Math.ceil(bytes / 4320)));
    this.bills.push({ court, caseId: hosted.caseId, bytes, pages, cents: pages * 10 });
    return { body: html + receiptHtml({ at: new Date(), loginId: "replay", caseNumber: hosted.listedNumber, pages, cents: pages * 10 }) };
  }

  /** The docket as of today, read (for the free pages' counts and dates). */
  private current(hosted: HostedDocket) {
    const reading = readDocketReport(cutDocket(hosted.docket, { asOf: this.asOf(hosted), rangeType: "Filed", from: null, to: null, parties: false }).html);
    return reading.kind === "case" ? reading.case : null;
  }

  private caseQuery(court: string, form: Record<string, string>): ReplayResponse {
    const hosted = this.find(court, form.all_case_ids ?? "");
    const current = hosted ? this.current(hosted) : null;
    if (!hosted || !current) return { body: corpusText("pacer/case_queries/alsd.html") }; // "Case not found."
    const lastFiled = current.entries.map((entry) => entry.filed.slice(0, 10)).sort().at(-1) ?? null;
    return { body: caseQueryPage(hosted, { lastFiled, terminated: current.dateTerminated ?? null }) };
  }

  private mobileQuery(court: string, pacerCaseId: string): ReplayResponse {
    const hosted = this.find(court, pacerCaseId);
    const current = hosted ? this.current(hosted) : null;
    if (!hosted || !current) return { body: corpusText("pacer/case_queries/alsd.html") };
    const page = mobileQueryPage(hosted, current.entries.length);
    if (this.mobileQueryCents === 0) return { body: page };
    this.bills.push({ court, caseId: hosted.caseId, bytes: Buffer.byteLength(page, "utf8"), pages: Math.ceil(this.mobileQueryCents / 10), cents: this.mobileQueryCents });
    return { body: page.replace("</body>", `<p>Cost: ${(this.mobileQueryCents / 100).toFixed(2)}</p></body>`) };
  }

  private feed(court: string): ReplayResponse {
    const setting = this.feeds.get(court) ?? { kind: "all" };
    if (setting.kind === "none") return { status: 404, body: "<html><body><h1>Not Found</h1></body></html>" };
    const builtAt = setting.stoppedAt?.getTime() ?? Date.now();
    const dayAgo = builtAt - 86_400_000;
    const items: FeedItem[] = [];
    for (const hosted of this.hosted.filter((candidate) => candidate.court === court)) {
      const recent = hosted.docket.rows.filter((row) => {
        const seen = hosted.visibleSince.get(row.start)?.getTime() ?? 0;
        return seen >= dayAgo && seen <= builtAt;
      });
      if (recent.length === 0) continue;
      // The recent rows, read as the court's docket shows them (number, document link, text).
      const days = recent.map((row) => row.entered ?? row.filed!).sort();
      const page = cutDocket(hosted.docket, { asOf: this.asOf(hosted), rangeType: "Entered", from: days[0]!, to: days.at(-1)!, parties: false }).html;
      const reading = readDocketReport(page);
      if (reading.kind !== "case") continue;
      const at = Math.max(...recent.map((row) => hosted.visibleSince.get(row.start)!.getTime()));
      for (const entry of reading.case.entries) {
        const type = /^\s*([A-Za-z]+)/.exec(entry.text)?.[1]?.toLowerCase() ?? "other";
        if (setting.kind === "types" && !setting.types.includes(type)) continue;
        items.push({ hosted, entry, at: new Date(at) });
      }
    }
    const description = setting.kind === "all" ? "Docket entries of type: all" : `Docket entries of type: ${setting.types.join(",")}`;
    const kept = setting.cap === undefined ? items : [...items].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, setting.cap);
    return { headers: { "content-type": "application/rss+xml" }, body: feedXml(court, description, kept) };
  }
}
