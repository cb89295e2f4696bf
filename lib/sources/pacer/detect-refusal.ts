// What a CM/ECF docket request can return instead of a docket: the login page (session expired), a sealed or
// unknown case, a case with nothing to show ("There are no documents in this case", administratively
// closed, still being opened), a query error ("The start date must be...", "Invalid date_from", a server
// time-out), an interstitial ("The report may take a long time to run...") or the query form itself. The
// PACER fetcher calls this on every page it gets back, so it works on the raw text and stops at the first
// sign of a real docket: the report heading ("... DOCKET FOR CASE #:", "Bankruptcy Petition #:") together
// with the header's "Date filed:".
import type { PageRefusal, RefusalReason } from "@/lib/sources/types";

// Spaces may be written as &nbsp; ("Date&nbsp;filed:", as CM/ECF writes "represented&nbsp;by"), and tags may
// sit between the words ("<b>Date Filed</b>:").
export const GAP = String.raw`(?:\s|&nbsp;|&#0*160;|&#x0*a0;|<[^>]*>)*`;
// "CIVIL DOCKET FOR CASE #:", "Bankruptcy Petition #:", "Adversary Proceeding #:", and the like for other kinds
// of record ("Miscellaneous Proceeding #:"). The number follows it (printed-case-number.ts).
export const DOCKET_HEADING_LABEL = String.raw`(?:Case|Petition|Proceeding)${GAP}#${GAP}:`;
const DOCKET_HEADING = new RegExp(DOCKET_HEADING_LABEL, "i");
const DATE_FILED = new RegExp(String.raw`Date(?:\s|&nbsp;|&#0*160;|&#x0*a0;)+filed${GAP}:`, "i");

/** A page is a docket when it has the report heading and a header that dates the case. */
export function looksLikeDocket(html: string): boolean {
  return DOCKET_HEADING.test(html) && DATE_FILED.test(html);
}

/** The words a person sees: the main content when the page marks it, without scripts, styles and tags. */
export function visibleText(html: string): string {
  const main = html.search(/id\s*=\s*["']?cmecfMainContent/i);
  const body = main >= 0 ? html.slice(main) : html;
  return body
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/^[^<]*>/, " ") // the rest of the tag the main-content marker sat in
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/gi, " ")
    .replace(/&amp;/gi, "&")
    .replace(/&quot;/gi, '"')
    .replace(/&#0?39;|&apos;/gi, "'")
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .replace(/\s+/g, " ")
    .trim();
}

/** How CM/ECF pages say a case is sealed; the query pages' refusal (refuse-query-page.ts) reads them too. */
export const SEALED_NOTICE = /\b(?:case (?:is )?(?:under )?seal(?:ed)?|sealed case|this case (?:has been |is )sealed|case under seal|restricted case)\b/i;
/** How CM/ECF pages say there is no such case. */
export const NOT_FOUND_NOTICE = /\bcase not found\b|\bcannot find case\b|\bno (?:such )?case(?:s)? (?:was |were )?found\b|\bnot a valid case\b|\binvalid case (?:number|id)\b|\bno case matching\b/i;

const RULES: Array<[RegExp, RefusalReason]> = [
  [SEALED_NOTICE, "sealed"],
  [NOT_FOUND_NOTICE, "case_not_found"],
  [/\bno documents in this case\b|\bno docket entries\b|\badministratively closed\b|\bin the process of being opened\b/i, "no_documents"],
  [/\b(?:please log ?in|not logged in|log ?in (?:is )?required|session (?:has )?expired|filer or pacer login|login and password)\b/i, "login_required"],
  [/\b(?:error|invalid|must be|time-?out|timed out|incomplete request|try (?:your query )?again|does not exist|service unavailable|internal server|bad request|not available)\b/i, "error_page"],
];

const PASSWORD_FIELD = /<input\b[^>]*\btype\s*=\s*["']?password/i;

function excerpt(text: string): string {
  return text.length > 240 ? `${text.slice(0, 237)}...` : text;
}

/** A refusal for a page that is not the docket asked for, or null for a docket report. */
export function detectRefusal(html: string): PageRefusal | null {
  if (looksLikeDocket(html)) return null;
  const text = visibleText(html);
  if (PASSWORD_FIELD.test(html)) return { kind: "refused", reason: "login_required", message: `login page: ${excerpt(text)}` };
  for (const [pattern, reason] of RULES) {
    const match = pattern.exec(text);
    if (match) return { kind: "refused", reason, message: excerpt(sentenceAround(text, match.index)) };
  }
  return { kind: "refused", reason: "not_a_docket", message: excerpt(text) || "empty page" };
}

/** The sentence (or the page's words) around the phrase that decided. */
function sentenceAround(text: string, at: number): string {
  const start = Math.max(text.lastIndexOf(". ", at) + 1, at - 160, 0);
  const end = text.indexOf(". ", at);
  return text.slice(start, end >= 0 ? Math.min(end + 1, at + 200) : at + 200).trim();
}
