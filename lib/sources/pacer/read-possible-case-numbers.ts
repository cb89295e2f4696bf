// `possible_case_numbers.pl?<number>` (court-systems.md §1.2): the XML CM/ECF's own forms use to turn a
// typed case number into PACER's internal case id. It answers
//   <request number="16-01152"><case number="2:16-cv-1152" id="977547" title="2:16-cv-01152-JJT Armes v.
//     Hot Pizzas LLC (closed 06/09/2017)" sortable="2:2016-cv-01152-JJT" [defendant="2"]/>...</request>
// with one <case> per office, type and criminal defendant the number could mean, or a single
// <message text="..."/> ("Cannot find case ...", "Case Under Seal", "Not logged in ..."). Dates are
// returned as ISO `YYYY-MM-DD`. Pure: the text in, the reading out.
import { DomUtils, parseDocument } from "htmlparser2";
import type { Element } from "domhandler";
import type { PageRefusal } from "@/lib/sources/types";
import { isLoginPage } from "./refuse-query-page";
import { splitCmEcfNumber } from "./split-cmecf-number";
import { usDateToIso } from "./us-date";

export interface PossibleCase {
  /** The number as listed ("2:16-cv-1152": serial unpadded, no judge initials). */
  number: string;
  /** PACER's internal case id: what DktRpt.pl, iquery.pl and mobile_query.pl take. */
  pacerCaseId: string;
  /** As listed: "2:16-cv-01152-JJT Armes v. Hot Pizzas LLC (closed 06/09/2017)". */
  title: string;
  /** As listed: "2:2016-cv-01152-JJT", or null when absent. */
  sortable: string | null;
  /** Our canonical form `O:YY-TT-NNNNN` of the number ("2:16-cv-01152"), or null when it has no such shape. */
  caseId: string | null;
  /** The title without its leading number and closing note: "Armes v. Hot Pizzas LLC". */
  caseName: string;
  /** A criminal defendant's own docket (attribute `defendant`, or a `-N` after the number), else absent. */
  defendantNumber?: number;
  /** Judge initials printed after the number in the title ("RCC", "LCK"), else absent. */
  judgeInitials?: string[];
  /** "(closed 06/09/2017)" → "2017-06-09", else absent. */
  closedOn?: string;
}

export type PossibleCaseNumbers =
  /** `unread`: the numbers (as the element writes them, "" when it gives none) of listed cases not read. */
  | { kind: "cases"; cases: PossibleCase[]; unread?: string[] }
  | { kind: "not_found"; message: string }
  | { kind: "sealed"; message: string }
  | { kind: "login_required"; message: string }
  | PageRefusal;

const CLOSED = /\s*\(closed\s+(\d{1,2}\/\d{1,2}\/\d{2,4})\)\s*$/i;

function readCase(element: Element): PossibleCase | null {
  const number = (element.attribs.number ?? "").trim();
  const pacerCaseId = (element.attribs.id ?? "").trim();
  if (!number || !/^\d+$/.test(pacerCaseId)) return null;
  const title = (element.attribs.title ?? "").replace(/\s+/g, " ").trim();
  const sortable = element.attribs.sortable?.trim() || null;

  // The title opens with the full number ("2:16-cr-01152-RCC-LCK"), the one place the initials and a
  // defendant suffix appear; the sortable form repeats them on some courts.
  const [firstToken = "", ...rest] = title.split(" ");
  const titled = splitCmEcfNumber(firstToken);
  const listed = splitCmEcfNumber(number);
  const sorted = sortable ? splitCmEcfNumber(sortable) : null;
  const closed = CLOSED.exec(title);
  const caseName = (titled ? rest.join(" ") : title).replace(CLOSED, "").trim();

  const defendantAttribute = /^\d+$/.test(element.attribs.defendant?.trim() ?? "") ? Number(element.attribs.defendant) : null;
  const defendant = defendantAttribute ?? listed?.defendant ?? titled?.defendant ?? sorted?.defendant ?? null;
  const initials = titled?.judgeInitials.length ? titled.judgeInitials : (sorted?.judgeInitials ?? []);
  const parts = listed ?? titled ?? sorted;
  const closedOn = closed ? usDateToIso(closed[1]) : null;

  return {
    number,
    pacerCaseId,
    title,
    sortable,
    caseId: parts?.office && parts.type ? parts.core : null,
    caseName,
    ...(defendant !== null ? { defendantNumber: defendant } : {}),
    ...(initials.length ? { judgeInitials: initials } : {}),
    ...(closedOn ? { closedOn } : {}),
  };
}

/** The number a listed case's element writes: the first of its `number`, its title's first word and its sortable
 * form that reads as one, else the first given, else "". */
function numberWritten(element: Element): string {
  const written = [element.attribs.number, element.attribs.title?.trim().split(/\s+/)[0], element.attribs.sortable].map((text) => text?.trim() ?? "").filter(Boolean);
  return written.find((text) => splitCmEcfNumber(text) !== null) ?? written[0] ?? "";
}

export function readPossibleCaseNumbers(text: string): PossibleCaseNumbers {
  // An expired session can answer with the HTML login form instead of XML.
  if (isLoginPage(text)) return { kind: "login_required", message: "CM/ECF login page: the session is not logged in" };
  const document = parseDocument(text, { xmlMode: true, decodeEntities: true });
  const request = DomUtils.findOne((e) => e.name.toLowerCase() === "request", document.children, true);
  const messages = DomUtils.findAll((e) => e.name.toLowerCase() === "message", document.children);
  const caseElements = DomUtils.findAll((e) => e.name.toLowerCase() === "case", document.children);

  const read = caseElements.map(readCase);
  const cases = read.filter((c): c is PossibleCase => c !== null);
  // A list read only in part cannot say the case is not in it when an unread one may be it: what it is is
  // kept for the lookup to tell (choose-possible-case.ts unreadMayBe), rather than the whole list refused,
  // which would leave every case listed beside one the reader cannot read without an answer.
  const unread = caseElements.filter((_, index) => read[index] === null).map(numberWritten);
  if (cases.length > 0) return { kind: "cases", cases, ...(unread.length ? { unread } : {}) };

  const message = messages.map((m) => (m.attribs.text ?? DomUtils.textContent(m)).trim()).find(Boolean);
  if (message) {
    if (/not\s+logged\s+in|log\s*in\s+(again|required)|session\s+(has\s+)?expired/i.test(message)) return { kind: "login_required", message };
    if (/\bseal(ed)?\b/i.test(message)) return { kind: "sealed", message };
    if (/cannot find|not found|no (such )?case|invalid case/i.test(message)) return { kind: "not_found", message };
    return { kind: "refused", reason: "unreadable", message };
  }
  // A well-formed answer listing nothing: the number matches no case.
  if (request && caseElements.length === 0) return { kind: "not_found", message: "no case listed" };
  return { kind: "refused", reason: "unreadable", message: "not a possible_case_numbers.pl answer" };
}
