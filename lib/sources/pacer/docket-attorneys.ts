// The "represented by" cell of a CM/ECF party row: one attorney after another, each opened by the name in
// bold, then contact lines (firm, address, phone, email), then the roles in italics (district: LEAD
// ATTORNEY, ATTORNEY TO BE NOTICED, PRO HAC VICE, TERMINATED: date, Designation: ...). An attorney listed
// a second time in the report carries "(See above for address)" instead of the contact lines.
import { type AnyNode, isElement, squash } from "./docket-dom";
import { firstUsDateIn } from "./us-date";

export interface DocketAttorney {
  name: string;
  /** Contact lines as printed (firm, address, phone, email), or the ones the earlier listing gave. */
  contact: string[];
  /** The first contact line when it names a firm or office rather than an address or a number. */
  firm: string | null;
  /** The italic role lines, except the termination. */
  roles: string[];
  /** "TERMINATED: mm/dd/yyyy" under the attorney, as ISO. */
  dateTerminated: string | null;
  /** The page said "(See above for address)": the contact comes from the earlier listing. */
  seeAbove: boolean;
}

type Token = { kind: "name" | "role"; text: string } | { kind: "text"; text: string } | { kind: "break" };

/** Bold opens an attorney, italics are roles; bold inside italics ("Bar Status: ACTIVE") is a role too. */
function tokenize(node: AnyNode, out: Token[]): void {
  if (node.type === "text") {
    out.push({ kind: "text", text: (node as unknown as { data: string }).data });
    return;
  }
  if (!isElement(node) || node.type !== "tag") return;
  if (node.name === "br" || node.name === "p" || node.name === "div") {
    out.push({ kind: "break" });
    if (node.name === "br") return;
  }
  if (node.name === "b" || node.name === "strong" || node.name === "i" || node.name === "em") {
    const text: Token[] = [];
    for (const child of node.children) tokenize(child, text);
    const joined = squash(text.map((token) => ("text" in token ? token.text : " ")).join(" "));
    // Bold wrapping nothing but italics ("<b><i>LEAD ATTORNEY</i></b>") reads as italics: a role.
    const shown = node.children.filter((child) => child.type !== "text" || squash((child as unknown as { data: string }).data) !== "");
    const only = shown.length === 1 ? shown[0]! : null;
    const italicOnly = only !== null && isElement(only) && (only.name === "i" || only.name === "em");
    const bold = (node.name === "b" || node.name === "strong") && !italicOnly;
    if (joined) out.push({ kind: bold ? "name" : "role", text: joined });
    return;
  }
  for (const child of node.children) tokenize(child, out);
}

const NOT_A_FIRM = [
  /^\d/, // street number, zip
  /^(?:P\.?\s*O\.?\s*Box|Post Office Box|Box\s+\d)/i,
  /^(?:Suite|Ste\.?|Room|Rm\.?|Floor|Fl\.?|Unit|Apt\.?|Bldg\.?)\s/i,
  /^(?:Email|E-mail|Fax|Phone|Tel|Telephone|Cell)\b/i,
  /^\(?\d{3}\)?[\s.-]*\d{3}/, // a phone number
  /,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?$/, // "City, ST 12345"
  /^PRO SE$/i,
  /^\(See above for address\)$/i,
  /@/,
];

function firmOf(contact: string[]): string | null {
  const first = contact[0];
  if (!first || NOT_A_FIRM.some((rule) => rule.test(first))) return null;
  return first;
}

/** The attorneys of one "represented by" cell; `seen` resolves "see above" from earlier listings. */
export function readAttorneys(cell: AnyNode, seen: Map<string, DocketAttorney>): DocketAttorney[] {
  const tokens: Token[] = [];
  tokenize(cell, tokens);
  const attorneys: DocketAttorney[] = [];
  let current: DocketAttorney | null = null;
  let line = "";
  const endLine = () => {
    const text = squash(line);
    line = "";
    if (!current || !text) return;
    if (/^\(?See above for address\)?$/i.test(text)) current.seeAbove = true;
    else current.contact.push(text);
  };
  for (const token of tokens) {
    if (token.kind === "text") line += token.text;
    else if (token.kind === "break") endLine();
    else if (token.kind === "name") {
      endLine();
      current = { name: token.text, contact: [], firm: null, roles: [], dateTerminated: null, seeAbove: false };
      attorneys.push(current);
    } else if (current) {
      endLine();
      if (/^TERMINATED\s*:/i.test(token.text)) current.dateTerminated = firstUsDateIn(token.text);
      else current.roles.push(token.text);
    }
  }
  endLine();
  for (const attorney of attorneys) {
    const key = attorney.name.toLowerCase();
    const earlier = seen.get(key);
    if (attorney.seeAbove && earlier) attorney.contact = [...earlier.contact];
    attorney.firm = firmOf(attorney.contact);
    if (!attorney.seeAbove && !earlier) seen.set(key, attorney);
  }
  return attorneys.filter((attorney) => attorney.name.length > 0);
}
