// Reader of a Supreme Court docket page (`/docket/docketfiles/html/public/<number>.html`, also served inside
// the site's search page). Two layouts are in use: the current one (a `#docketinfo` table, one `.card` per
// proceeding and per side of counsel) and the older one (`#proceedings` and `#Contacts` tables). Both carry
// what the JSON carries; this reader fills the same ScotusDocket from either. Pure: page text in, the case
// or a refusal out.
import { load, type CheerioAPI } from "cheerio";
import type { AnyNode } from "domhandler";
import type { DocketRead, PageRefusal } from "../types";
import { docketNumberIn, scotusDocketRead, type ScotusCounsel, type ScotusDocket, type ScotusProceeding } from "./scotus-docket";
import { linkedNumbers } from "./read-scotus-json";

const squash = (text: string): string => text.replace(/[\s\u00a0]+/g, " ").trim();
const refuse = (reason: PageRefusal["reason"], message: string): PageRefusal => ({ kind: "refused", reason, message });

/** Lines of an element's text, split where the page breaks them with <br>. */
function lines($: CheerioAPI, element: AnyNode): string[] {
  const html = $(element).html() ?? "";
  return html
    .split(/<br\s*\/?>/i)
    .map((part) => squash(load(`<i>${part}</i>`)("i").text()))
    .filter((line) => line !== "");
}

/** The side a heading names: "Attorneys for Petitioners" → "Petitioner"; "Other" stays. */
function sideOf(heading: string): string {
  const side = /\b(petitioner|respondent|appellant|appellee|applicant|other)s?\b/i.exec(heading)?.[1];
  return side ? side[0]!.toUpperCase() + side.slice(1).toLowerCase() : squash(heading) || "Other";
}

/** The labelled rows of `#docketinfo`: "Title:", "Docketed:", "Lower Ct:", "Case Numbers:", "Linked with ..." */
function infoRows($: CheerioAPI): Map<string, { text: string; element: AnyNode | null; label: string }> {
  const rows = new Map<string, { text: string; element: AnyNode | null; label: string }>();
  $("#docketinfo tr").each((_, row) => {
    const cells = $(row).children("td");
    if (cells.length < 2) return;
    const label = squash(cells.eq(0).text());
    const key = label.toLowerCase().replace(/[:\s]+$/, "").replace(/^linked with\b.*/, "linked with");
    if (key) rows.set(key, { text: squash(cells.eq(1).text()), element: cells.get(1) ?? null, label });
  });
  return rows;
}

function linksIn($: CheerioAPI, element: AnyNode): Array<{ description: string; url: string }> {
  return $(element)
    .find("a[href]")
    .toArray()
    .map((link) => ({ description: squash($(link).text()), url: ($(link).attr("href") ?? "").trim() }))
    .filter((link) => /^https?:\/\//i.test(link.url) && /\.pdf\b|\/DocketPDF\/|\/opinions\//i.test(link.url));
}

function proceedings($: CheerioAPI): ScotusProceeding[] {
  const out: ScotusProceeding[] = [];
  // Current layout: `.ProceedingItem` tables with a `.ProceedingDate` cell; older: rows of `#proceedings`.
  const rows = $(".ProceedingItem tr").length > 0 ? $(".ProceedingItem tr") : $("table#proceedings tr");
  rows.each((_, row) => {
    const cells = $(row).children("td");
    if (cells.length < 2 || cells.first().hasClass("proceedingheader")) return;
    const date = squash(cells.eq(0).text());
    const body = cells.eq(1);
    const links = linksIn($, body.get(0)!);
    // The entry's words: its text without the list of document links under it.
    const copy = body.clone();
    copy.find(".documentlinks").remove();
    copy.find("a[href]").each((_, link) => {
      if (links.some((known) => known.url === ($(link).attr("href") ?? "").trim()) && !/opinion/i.test($(link).text())) $(link).remove();
    });
    const html = squash(copy.html() ?? "");
    // The older layout separates proceedings with empty rows (no date, no words); a row with only one of them
    // is kept, and refused by scotusDocketRead, rather than dropped.
    if (date || html) out.push({ date, html, links });
  });
  return out;
}

/**
 * The firm is what the address block gives before the street: every line before the first one that starts with
 * a number or a P.O. box ("Acting Solicitor General" / "United States Department of Justice" / "950 ..."), or,
 * when no line does, every line before the last two (street and city). A lawyer without a firm (a solo
 * practitioner, a prisoner) has only the street and the city, so none.
 */
function firmOf(addressLines: string[]): string | null {
  // A prisoner's number ("#GZ9482") comes first and is not the firm (the institution after it is).
  const block = addressLines.filter((line, index) => index > 0 || !/^#/.test(line));
  const street = block.findIndex((line) => /^\d|^p\.?\s?o\.?\s+box\b/i.test(line));
  const end = street >= 0 ? street : block.length - 2;
  return end > 0 ? block.slice(0, end).join(", ") : null;
}

function counsel($: CheerioAPI): ScotusCounsel[] {
  const out: ScotusCounsel[] = [];
  // Current layout: one card per side, a ContactName / ContactData2 pair per attorney.
  $("#Contacts .card").each((_, card) => {
    const side = sideOf($(card).find(".card-heading").first().text());
    $(card)
      .find(".ContactName")
      .each((_, nameBlock) => {
        const data = $(nameBlock).nextAll(".ContactData2").first();
        const address = data.find(".address1").get(0);
        out.push({
          side,
          attorney: lines($, nameBlock)[0] ?? "",
          firm: address ? firmOf(lines($, address)) : null,
          party: squash(data.find(".partyname").text()).replace(/^party name:\s*/i, ""),
          counselOfRecord: /counsel of record/i.test($(nameBlock).text()),
        });
      });
  });
  if ($("#Contacts .card").length > 0) return out;
  // Older layout: a sub-header row per side, then per attorney a data row and a "Party name:" row.
  let side = "Other";
  let pending: ScotusCounsel | null = null;
  $("table#Contacts tr").each((_, row) => {
    const cells = $(row).children("td");
    if (cells.first().hasClass("ContactSubHeader")) {
      side = sideOf(cells.first().text());
    } else if (cells.first().hasClass("ContactData2")) {
      const nameLines = lines($, cells.get(0)!);
      const address = cells.get(1) ? lines($, cells.get(1)!) : [];
      pending = {
        side,
        attorney: nameLines[0] ?? "",
        firm: firmOf(address.filter((line) => !/@/.test(line))),
        party: "",
        counselOfRecord: nameLines.some((line) => /counsel of record/i.test(line)),
      };
    } else if (cells.first().hasClass("ContactParty") && pending) {
      out.push({ ...(pending as ScotusCounsel), party: squash(cells.first().text()).replace(/^party name:\s*/i, "") });
      pending = null;
    }
  });
  return out;
}

export function readScotusHtml(html: string): DocketRead | PageRefusal {
  const $ = load(html);
  if ($("#docketinfo").length === 0) {
    return /not found|no (?:docket|case)|does not exist/i.test(squash($("body").text()).slice(0, 5000))
      ? refuse("case_not_found", "the Supreme Court has no docket by that number")
      : refuse("not_a_docket", "not a Supreme Court docket page: no docket information table");
  }
  const number = docketNumberIn(squash($("#docketinfo .DocketInfoTitle").first().text())) ?? docketNumberIn($("title").last().text().replace(/^\s*docket for\s*/i, ""));
  if (!number) return refuse("not_a_docket", "a Supreme Court page without a docket number");
  const info = infoRows($);
  const titleCell = $("#docketinfo .title").first();
  const [petitioner, respondent] = titleCell.length > 0
    ? (() => {
        const parts = lines($, titleCell.get(0)!);
        const versus = parts.findIndex((line) => /^v\.?$/i.test(line));
        return versus >= 0 ? [parts.slice(0, versus).join(" "), parts.slice(versus + 1).join(" ")] : [parts.join(" "), ""];
      })()
    : [info.get("title")?.text ?? "", ""];
  const linked = info.get("linked with");
  const docket: ScotusDocket = {
    number,
    petitionerTitle: petitioner ?? "",
    respondentTitle: respondent ?? "",
    docketed: info.get("docketed")?.text || null,
    linked: linkedNumbers(linked ? `${linked.label} ${linked.text}` : "").filter((item) => item !== number),
    lowerCourt: info.get("lower ct")?.text || null,
    lowerCaseNumbers: info.get("case numbers")?.text || null,
    proceedings: proceedings($),
    counsel: counsel($),
  };
  return scotusDocketRead(docket);
}
