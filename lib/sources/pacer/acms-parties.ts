// The party/attorney table ACMS sends as HTML in `caseDetails.partyAttorneyList`: one <tr> per party; the
// first cell holds the party's name, then indented lines (an alias, an identifying number, the role) and
// "Terminated: mm/dd/yyyy" where the party left; the second cell one <div> per attorney: "Name, Title",
// optional "Terminated:", contact lines ("Direct:", "Email:", "Fax:"), "[Role]" lines, then the firm and
// its address.
import { Parser } from "htmlparser2";
import { breaksLine, cleanLines, inlineText } from "@/lib/sources/pacer/acms-html-text";
import type { SourceAttorney, SourceParty } from "@/lib/sources/types";

const TERMINATED = /^Terminated:\s*(\d{1,2}\/\d{1,2}\/\d{4})\b/i;
const CONTACT = /^(?:Direct|Email|E-mail|Fax|Phone|Tel|Cell|Mobile)\s*:/i;
/** Words after a name's last comma that belong to the name, not a job title. */
const NAME_SUFFIX = /^(?:jr|sr|i{2,3}|iv|v|esq)\.?$/i;
/** A line that starts an address rather than naming a firm (a pro se party lists only an address). */
const ADDRESS = /^(?:\d|p\.?\s?o\.?\s?box\b|suite\b|ste\.?\s|room\b|floor\b)/i;

/** "Won S. Shin, Assistant U.S. Attorney" → "Won S. Shin"; "Jeremy Schneider, -" → "Jeremy Schneider". */
function attorneyName(line: string): string {
  const comma = line.lastIndexOf(",");
  if (comma < 0) return line;
  const tail = line.slice(comma + 1).trim();
  return NAME_SUFFIX.test(tail) ? line : line.slice(0, comma).trim();
}

function readAttorney(lines: string[]): SourceAttorney | null {
  const [first, ...rest] = lines;
  if (!first) return null;
  const roles: string[] = [];
  let terminated: string | null = null;
  let firm: string | null = null;
  let afterRole = false;
  for (const line of rest) {
    const ended = TERMINATED.exec(line);
    if (ended) terminated = ended[1]!;
    else if (CONTACT.test(line)) continue;
    else if (/^\[.*\]$/.test(line)) {
      roles.push(line.slice(1, -1).trim());
      afterRole = true;
    } else if (afterRole && firm === null) {
      // The first line after the role names the firm, unless the attorney is the party (pro se) or the
      // line is already the street address.
      const proSe = roles.some((role) => /\bpro se\b/i.test(role));
      firm = proSe || ADDRESS.test(line) ? "" : line;
    }
  }
  if (terminated) roles.push("Terminated");
  return {
    name: attorneyName(first),
    firm: firm || null,
    role: roles.length ? roles.join("; ") : null,
    dateAction: terminated,
  };
}

/** ACMS glues a role to its qualifier ("AppelleeUSA"): put the space back so the role reads as words. */
function roleWording(line: string): string {
  return line.replace(/,\s*$/, "").replace(/([a-z])([A-Z])/g, "$1 $2").trim();
}

/** One table cell: its whole text, and the text of each <div> directly in it (one per attorney). */
interface Cell {
  text: string;
  blocks: string[];
}

/** The table's rows of cells, as raw text with line breaks where the markup breaks lines. */
function tableCells(html: string): Cell[][] {
  const rows: Cell[][] = [];
  let cell: Cell | null = null;
  let depth = 0; // <div> nesting inside the current cell
  const append = (text: string) => {
    if (!cell) return;
    cell.text += text;
    if (depth > 0) cell.blocks[cell.blocks.length - 1] += text;
  };
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (name === "tr") rows.push([]);
        else if (name === "td") {
          cell = { text: "", blocks: [] };
          (rows[rows.length - 1] ?? (rows.push([]), rows[0]!)).push(cell);
          depth = 0;
        } else if (name === "div" && cell) {
          if (depth === 0) cell.blocks.push("");
          depth += 1;
        }
        if (breaksLine(name)) append("\n");
      },
      ontext: (text) => append(inlineText(text)),
      onclosetag: (name) => {
        if (breaksLine(name)) append("\n");
        if (name === "div" && depth > 0) depth -= 1;
        else if (name === "td") cell = null;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return rows;
}

function readParty(partyCell: Cell, attorneyCell: Cell | undefined): SourceParty | null {
  const [name, ...rest] = cleanLines(partyCell.text);
  if (!name) return null;
  let dateTerminated: string | null = null;
  const others: string[] = [];
  for (const line of rest) {
    const ended = TERMINATED.exec(line);
    if (ended) dateTerminated = ended[1]!;
    else others.push(line);
  }
  // The role is the last indented line; lines before it are an alias ("AKA ...") or a restricted number
  // (an alien or prisoner number), which are not part of the name or the role.
  const role = others.length ? roleWording(others[others.length - 1]!) : "";
  // One <div> per attorney; a cell without them is read as one attorney.
  const blocks = attorneyCell ? (attorneyCell.blocks.length ? attorneyCell.blocks : [attorneyCell.text]) : [];
  const attorneys = blocks.map((block) => readAttorney(cleanLines(block))).filter((lawyer): lawyer is SourceAttorney => lawyer !== null);
  return { name: name.replace(/,\s*$/, ""), role, dateTerminated, attorneys };
}

/** Parties with their attorneys, in the table's order. */
export function readAcmsParties(tableHtml: string): SourceParty[] {
  return tableCells(tableHtml)
    .map(([partyCell, attorneyCell]) => (partyCell ? readParty(partyCell, attorneyCell) : null))
    .filter((party): party is SourceParty => party !== null);
}
