// The parties tables of a CM/ECF docket report. Each party sits under a role heading: district and special
// courts print it as its own row in <b><u> ("Plaintiff", "Defendant (1)"), bankruptcy courts in <i><b> at
// the top of the party's own cell ("Debtor", "Trustee"), adversary proceedings as "Plaintiff / -----".
// A party row: the name in bold with extra lines in italics (capacity, "TERMINATED: date"), "represented
// by", and the attorneys. Criminal dockets add, under each defendant, the counts and complaints with their
// dispositions and the highest offense levels; and print "Assigned to:" as a row of the parties table.
import { readAttorneys, type DocketAttorney } from "./docket-attorneys";
import { type Element, cellsOf, findElement, hasAncestor, linesOf, rowsOf, squash, textOf } from "./docket-dom";
import { labelOf } from "./docket-header";
import { firstUsDateIn } from "./us-date";

export interface CriminalCount {
  name: string;
  disposition: string | null;
}

export interface CriminalData {
  pendingCounts: CriminalCount[];
  terminatedCounts: CriminalCount[];
  complaints: CriminalCount[];
  highestOffenseLevelOpening: string | null;
  highestOffenseLevelTerminated: string | null;
}

export interface DocketParty {
  name: string;
  /** The court's wording of the role, e.g. "Plaintiff", "Counter Defendant", "Debtor In Possession". */
  role: string;
  /** The defendant number of "Defendant (1)". */
  defendantNumber: string | null;
  /** Lines under the name: capacity ("individually and on behalf of..."), aliases, address. */
  extraInfo: string[];
  dateTerminated: string | null;
  attorneys: DocketAttorney[];
  criminal: CriminalData | null;
}

export interface PartiesRead {
  parties: DocketParty[];
  /** "Assigned to:" / "Referred to:" rows found among the parties (criminal dockets). */
  labels: Map<string, string>;
}

type Section = keyof Pick<CriminalData, "pendingCounts" | "terminatedCounts" | "complaints"> | "levelOpening" | "levelTerminated";

const SECTIONS: Array<[RegExp, Section]> = [
  [/^pending counts$/i, "pendingCounts"],
  [/^terminated counts$/i, "terminatedCounts"],
  [/^complaints$/i, "complaints"],
  [/^highest offense level \(opening\)$/i, "levelOpening"],
  [/^highest offense level \(terminated\)$/i, "levelTerminated"],
];

const isBold = (element: Element) => element.name === "b" || element.name === "strong";
const isItalic = (element: Element) => element.name === "i" || element.name === "em";

/** A heading row's role: the underlined text, or a bold "Role" over a line of dashes. */
function headingOf(cells: Element[]): string | null {
  const first = cells[0]!;
  const underlined = findElement(first, (element) => element.name === "u");
  if (underlined && !cells.slice(1).some((cell) => /^represented by$/i.test(textOf(cell)))) return textOf(underlined);
  const text = textOf(first);
  const dashed = /^(.*?)\s*-{5,}$/.exec(text);
  if (dashed && cells.length === 1) return dashed[1]!;
  return null;
}

/** Bold and italic at once, whichever wraps the other: "<i><b>Debtor</b></i>" or "<b><i>Debtor</i></b>". */
function isBoldItalic(bold: Element, within: Element): boolean {
  if (hasAncestor(bold, isItalic, within)) return true;
  const shown = bold.children.filter((child) => child.type !== "text" || squash((child as unknown as { data: string }).data) !== "");
  return shown.length === 1 && shown[0]!.type === "tag" && isItalic(shown[0] as Element);
}

/** Bankruptcy cells open with the role in bold italics: that role, or null. */
function inlineRoleOf(cell: Element): Element | null {
  const bold = findElement(cell, isBold);
  if (!bold || !isBoldItalic(bold, cell)) return null;
  return bold;
}

function emptyCriminal(): CriminalData {
  return { pendingCounts: [], terminatedCounts: [], complaints: [], highestOffenseLevelOpening: null, highestOffenseLevelTerminated: null };
}

function readParty(cells: Element[], role: string, defendantNumber: string | null, seen: Map<string, DocketAttorney>): DocketParty | null {
  const first = cells[0]!;
  const roleElement = inlineRoleOf(first);
  const nameElement = findElement(first, (element) => isBold(element) && element !== roleElement && !isBoldItalic(element, first));
  const name = squash(textOf(nameElement)).replace(/\s*,$/, "");
  if (!name) return null;
  const partyRole = roleElement ? textOf(roleElement) : role;
  const extraInfo: string[] = [];
  let dateTerminated: string | null = null;
  const lines = linesOf(first);
  const skip = [textOf(roleElement), textOf(nameElement)];
  for (const line of lines) {
    const at = skip.indexOf(line);
    if (at >= 0) {
      skip.splice(at, 1);
      continue;
    }
    if (/^TERMINATED\s*:/i.test(line)) dateTerminated = firstUsDateIn(line);
    else extraInfo.push(line);
  }
  const representedAt = cells.findIndex((cell) => /^represented by$/i.test(textOf(cell)));
  const attorneyCell = representedAt >= 0 ? cells[representedAt + 1] : cells.length >= 3 ? cells[cells.length - 1] : undefined;
  return {
    name,
    role: squash(partyRole).replace(/\s*-{3,}$/, "") || role,
    defendantNumber,
    extraInfo,
    dateTerminated,
    attorneys: attorneyCell ? readAttorneys(attorneyCell, seen) : [],
    criminal: null,
  };
}

/** Reads the parties of the given tables, in order; "see above" attorneys resolve across all of them. */
export function readParties(tables: Element[]): PartiesRead {
  const parties: DocketParty[] = [];
  const labels = new Map<string, string>();
  const seen = new Map<string, DocketAttorney>();
  const printed = new Set<string>();
  let role = "Party";
  let defendantNumber: string | null = null;
  let section: Section | null = null;
  for (const table of tables) {
    for (const row of rowsOf(table)) {
      const cells = cellsOf(row);
      if (cells.length === 0) continue;
      const heading = headingOf(cells);
      if (heading !== null) {
        const criminal = SECTIONS.find(([pattern]) => pattern.test(heading));
        if (criminal) {
          section = criminal[1];
          continue;
        }
        section = null;
        const numbered = /^(.*?)\s*\((\d+)\)$/.exec(heading);
        role = squash(numbered ? numbered[1]! : heading) || "Party";
        defendantNumber = numbered ? numbered[2]! : null;
        continue;
      }
      const firstText = textOf(cells[0]);
      // One cell may hold both, a line each: "Assigned to: ...<br>Referred to: ...".
      const judges = cells.length === 1 ? linesOf(cells[0]!).map(labelOf) : [];
      if (judges[0] && /^(assigned to|referred to)$/.test(judges[0].label)) {
        for (const labelled of judges) {
          if (labelled && /^(assigned to|referred to)$/.test(labelled.label) && !labels.has(labelled.label)) labels.set(labelled.label, labelled.value);
        }
        continue;
      }
      if (section !== null) {
        const owner = parties[parties.length - 1];
        if (!owner || !firstText || /^none$/i.test(firstText)) continue;
        owner.criminal ??= emptyCriminal();
        if (section === "levelOpening") owner.criminal.highestOffenseLevelOpening = firstText;
        else if (section === "levelTerminated") owner.criminal.highestOffenseLevelTerminated = firstText;
        else {
          const disposition = cells.length > 1 ? textOf(cells[cells.length - 1]) : "";
          owner.criminal[section].push({ name: firstText, disposition: disposition || null });
        }
        continue;
      }
      if (/^v\.?$/i.test(firstText)) continue;
      const party = readParty(cells, role, defendantNumber, seen);
      if (party) add(parties, printed, party);
    }
  }
  return { parties, labels };
}

/**
 * A listing printed again word for word (a counterclaim repeats the counter-claimant with the same
 * attorneys) adds nothing: it is dropped. Listings of one party that differ (other attorneys, another
 * role) are kept, each as the court printed it.
 */
function add(parties: DocketParty[], seen: Set<string>, party: DocketParty): void {
  const key = JSON.stringify([
    party.name.toLowerCase(),
    party.role.toLowerCase(),
    party.dateTerminated,
    party.extraInfo,
    party.attorneys.map((attorney) => [attorney.name.toLowerCase(), attorney.roles, attorney.dateTerminated]),
  ]);
  if (seen.has(key)) return;
  seen.add(key);
  parties.push(party);
}
