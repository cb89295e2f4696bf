// What a CM/ECF query page (iquery.pl summary, mobile_query.pl) is when it is not the answer: the login
// form (the session expired: court-systems.md §1.1), a "Case not found." notice, a sealed-case notice,
// or some other error text. Callers ask only after failing to find their answer on the page, so a case
// whose *name* contains "sealed" is never refused for it.
import type { PageRefusal } from "@/lib/sources/types";
import { decodeEntities } from "./decode-entities";
import { NOT_FOUND_NOTICE, SEALED_NOTICE } from "./detect-refusal";

/** The CM/ECF login form: a password field, or a form posting to the PACER login service. */
export function isLoginPage(html: string): boolean {
  return (
    /<input\b[^>]*\btype\s*=\s*["']?password\b/i.test(html) ||
    /<input\b[^>]*\bname\s*=\s*["']?login["'\s/>]/i.test(html) ||
    /<form\b[^>]*\baction\s*=\s*["'][^"']*login\.uscourts\.gov/i.test(html)
  );
}

/** Visible text of a page: scripts, styles and comments dropped, tags to spaces, character references
 * decoded (a court may write "Case&#160;not&#160;found&#46;"). */
function roughText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ");
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

/** The sentence of `text` holding position `at`, for a message that says what the court said. */
function sentenceAround(text: string, at: number): string {
  const dot = text.lastIndexOf(". ", at);
  const start = dot < 0 ? 0 : dot + 2;
  const end = text.indexOf(". ", at);
  return text.slice(start, end < 0 ? undefined : end + 1).slice(0, 200).trim();
}

// The docket refusal's wordings (every way a CM/ECF page says it), with the rest of the court's sentence.
const NOT_FOUND = new RegExp(String.raw`(?:${NOT_FOUND_NOTICE.source})[^.]*\.?`, "i");
const SEALED = new RegExp(String.raw`(?:${SEALED_NOTICE.source})[^.]*\.?`, "i");

/** Why this page is not the summary or count that was asked for. */
export function refuseQueryPage(html: string, what: string): PageRefusal {
  if (isLoginPage(html)) return { kind: "refused", reason: "login_required", message: "CM/ECF login page: the session is not logged in" };
  const text = roughText(html);
  const notFound = NOT_FOUND.exec(text);
  if (notFound) return { kind: "refused", reason: "case_not_found", message: notFound[0] };
  const sealed = SEALED.exec(text);
  if (sealed) return { kind: "refused", reason: "sealed", message: sealed[0] };
  const error = /\b(error|not available|unavailable|timed out|try again)\b/i.exec(text);
  if (error) return { kind: "refused", reason: "error_page", message: sentenceAround(text, error.index) };
  return { kind: "refused", reason: "unreadable", message: `no ${what} found on the page` };
}
