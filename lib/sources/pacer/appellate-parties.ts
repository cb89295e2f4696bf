// The party/attorney list of a CM/ECF appellate docket: one row per party, two half-width cells. The left
// cell is the name, an optional "Terminated: mm/dd/yyyy" line and the role in the court's wording
// ("Plaintiff - Appellee"); the right cell lists the attorneys, separated by a blank line, each as name,
// phone and e-mail lines, "[COR LD NTC Retained]" (their roles), then firm and address. An attorney already
// listed for an earlier party is printed as name, roles and "(see above)".
import type { SourceAttorney, SourceParty } from "../types";
import { childElements, linesOf, type DomElement } from "./appellate-dom";
import { usDate } from "./appellate-header";

/**
 * A party row: exactly two cells, neither spanning the table (the separators "v." and "-----" span both). Rows
 * of the page's marked party section are known by that shape alone; where the rows come from a page without
 * its section comments, the first cell must also be the half-width one this list is laid out with, as the
 * stub and the other blocks have two-cell rows of their own.
 */
export function isPartyRow(row: DomElement, marked = false): boolean {
  const cells = childElements(row, "td");
  if (cells.length !== 2 || cells.some((cell) => cell.attribs.colspan)) return false;
  return marked || (cells[0]!.attribs.width ?? "").trim() === "50%";
}

/** Parties of the rows given: `marked` when they are the rows of the page's own party section. */
export function readParties(rows: readonly DomElement[], marked = false): SourceParty[] {
  const firms = new Map<string, string | null>();
  const parties: SourceParty[] = [];
  for (const row of rows) {
    if (!isPartyRow(row, marked)) continue;
    const [who, counsel] = childElements(row, "td");
    const party = partyOf(linesOf(who!).filter(Boolean));
    if (!party) continue;
    parties.push({ ...party, attorneys: attorneysOf(linesOf(counsel!), firms) });
  }
  return parties;
}

const TERMINATED = /^Terminated:\s*/i;

function partyOf(lines: string[]): Omit<SourceParty, "attorneys"> | null {
  let dateTerminated: string | null = null;
  const kept: string[] = [];
  for (const line of lines) {
    if (TERMINATED.test(line)) dateTerminated = usDate(line) ?? dateTerminated;
    else kept.push(line);
  }
  if (kept.length === 0) return null;
  // The role is the last line; a one-line cell is a name without a role.
  const role = kept.length > 1 ? kept.pop()!.replace(/[,;]\s*$/, "") : "";
  return { name: kept.join(" "), role, dateTerminated };
}

/** Lines of an attorney block that are contact details, never a firm. */
const CONTACT = /^(?:Direct|Email|E-mail|Fax|Firm|Cell|Phone|Tel|Telephone|Office|Mobile)\s*:/i;
/** Lines that are an address rather than a firm: street numbers, boxes, suites, "City, ST 12345". */
const ADDRESS = /^(?:\d|P\.?\s*O\.?\s*Box\b|Post Office Box\b|Suite\b|Ste\.?\s|Room\b|Rm\.?\s|Floor\b)|,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?$/i;
const ROLES = /^\[(.*)\]$/;
const SEE_ABOVE = /^\(see above\)$/i;

function attorneysOf(lines: string[], firms: Map<string, string | null>): SourceAttorney[] {
  const attorneys: SourceAttorney[] = [];
  let block: string[] = [];
  const flush = () => {
    if (block.length > 0) attorneys.push(attorneyOf(block, firms));
    block = [];
  };
  for (const line of lines) {
    if (line === "") flush();
    else block.push(line);
  }
  flush();
  return attorneys;
}

function attorneyOf(block: string[], firms: Map<string, string | null>): SourceAttorney {
  const name = block[0]!;
  const roles = block.map((line) => ROLES.exec(line)?.[1]?.trim()).filter((role): role is string => Boolean(role));
  const role = roles.length > 0 ? roles.join("; ") : null;
  if (block.some((line) => SEE_ABOVE.test(line))) return { name, firm: firms.get(name) ?? null, role };
  // The firm is the first line after the roles that is neither a contact detail nor an address. A party
  // representing itself ("[NTC Pro Se]") has no firm: what follows is its own address.
  let firm: string | null = null;
  const rolesAt = block.findIndex((line) => ROLES.test(line));
  if (rolesAt >= 0 && !/pro se/i.test(role ?? "")) {
    const candidate = block.slice(rolesAt + 1).find((line) => !CONTACT.test(line));
    if (candidate && !ADDRESS.test(candidate)) firm = candidate;
  }
  if (!firms.has(name)) firms.set(name, firm);
  return { name, firm, role };
}
