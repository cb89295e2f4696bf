// What a CaseSummary request returned when it is not an appellate docket: the login page (an expired PACER
// session, whose "logout" link goes to InvalidUserLogin.jsp), a case-not-found or sealed notice, a server
// error. The reader asks only after finding no case stub, so a docket whose title says "Sealed Case" is
// read, never refused for it.
import type { PageRefusal, RefusalReason } from "../types";
import { clean, linesOf, type PageIndex } from "./appellate-dom";

const RULES: ReadonlyArray<readonly [RefusalReason, RegExp]> = [
  ["case_not_found", /\b(?:case (?:was )?not found|cannot find case|no case (?:was )?found|no such case|not a valid case|invalid case (?:number|num)|case number [^.]{0,40} (?:is invalid|does not exist))\b[^.]*/i],
  ["sealed", /\b(?:case (?:is )?under seal|this case is sealed|case is sealed|restricted case|access to this case is restricted)\b[^.]*/i],
  ["no_documents", /\bthere are no (?:documents|docket entries) in this case\b[^.]*/i],
  ["error_page", /\b(?:error|exception|not available|unavailable|timed? ?out|try again|bad request|forbidden|service unavailable)\b[^.]*/i],
];

const LOGIN = /\b(?:log ?in|sign ?in)\b/i;

export function refuseAppellatePage(index: PageIndex): PageRefusal {
  // By lines, so that words of separate blocks (a title, a heading, a notice) never run together.
  const text = clean(index.top.flatMap((node) => linesOf(node)).join(" "));
  if (index.hasPassword || (LOGIN.test(index.title) && LOGIN.test(text))) {
    return { kind: "refused", reason: "login_required", message: "CM/ECF login page: the PACER session is not logged in" };
  }
  for (const [reason, pattern] of RULES) {
    const found = pattern.exec(text);
    if (found) return { kind: "refused", reason, message: found[0].slice(0, 200).trim() };
  }
  if (text === "") return { kind: "refused", reason: "unreadable", message: "empty page" };
  return { kind: "refused", reason: "not_a_docket", message: `not a CM/ECF appellate docket: ${(index.title || text).slice(0, 120)}` };
}
