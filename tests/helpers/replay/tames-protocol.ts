// TAMES (Texas appellate courts) for the replay server, from the recorded real case pages of
// ../shared/corpus/state/texas: `GET /Case.aspx?cn=<number>&coa=<court>` answers the page of that case in
// that court. A number TAMES does not have answers its case page with an empty case panel (no such page is
// recorded: its shape is the recorded pages' frame with nothing in it). A test can serve an earlier state of
// a page (its newest case events not yet entered), or any text in its place (a changed or cut-short page).
import { load } from "cheerio";
import { readTamesPage } from "@/lib/sources/texas/tames-page";
import { corpusFiles, corpusText } from "../corpus";
import type { ReplayProtocol, ReplayRequest, ReplayResponse } from "./replay-server";

const EMPTY_CASE_PAGE = `<!DOCTYPE html><html><head><title>Case Detail - Texas Judicial Branch</title></head><body><form action="Case.aspx"><div id="MainContent"><div id="main-content-head"></div><div id="case"></div></div></form></body></html>`;

const key = (number: string, court: string) => `${number.replace(/\s+/g, "").toUpperCase()}|${court.toLowerCase()}`;

export class TamesReplay implements ReplayProtocol {
  private readonly pages = new Map<string, string>();
  private readonly recorded = new Map<string, string>();

  constructor() {
    for (const folder of ["state/texas/sc", "state/texas/coca", "state/texas/coa"]) {
      for (const file of corpusFiles(folder, ".html")) {
        const html = corpusText(file);
        const number = file.split("/").pop()!.replace(/\.html$/, "");
        const court = readTamesPage(html).courtParameter ?? "";
        this.recorded.set(key(number, court), html);
      }
    }
    for (const [name, html] of this.recorded) this.pages.set(name, html);
  }

  /** The court parameter a recorded page of this number belongs to. */
  courtOf(number: string): string | null {
    const prefix = `${number.replace(/\s+/g, "").toUpperCase()}|`;
    return [...this.recorded.keys()].find((name) => name.startsWith(prefix))?.slice(prefix.length) ?? null;
  }

  /** Serves the page as it stood before its `newest` latest case events were entered; 0 restores it. */
  withoutNewestEvents(number: string, court: string, newest: number): void {
    const html = this.recorded.get(key(number, court))!;
    if (newest === 0) {
      this.pages.set(key(number, court), html);
      return;
    }
    const $ = load(html);
    const rows = $("table[id$='grdEvents_ctl00'] > tbody > tr").toArray();
    const dated = rows.map((row) => ({ row, at: Date.parse($(row).children("td").first().text().trim()) || 0 }));
    for (const { row } of dated.sort((a, b) => b.at - a.at).slice(0, newest)) $(row).remove();
    this.pages.set(key(number, court), $.html());
  }

  /** Serves this text as the case's page; null restores the recorded one. */
  servePage(number: string, court: string, html: string | null): void {
    this.pages.set(key(number, court), html ?? this.recorded.get(key(number, court))!);
  }

  async handle(request: ReplayRequest): Promise<ReplayResponse | null> {
    if (request.method !== "GET" || request.path.toLowerCase() !== "/case.aspx") return null;
    const page = this.pages.get(key(request.query.get("cn") ?? "", request.query.get("coa") ?? ""));
    return { headers: { "content-type": "text/html; charset=utf-8" }, body: page ?? EMPTY_CASE_PAGE };
  }
}
