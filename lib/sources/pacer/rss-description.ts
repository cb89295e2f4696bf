// The `description` of a CM/ECF RSS item is HTML, escaped once more inside the XML:
//   district   `[Notice of Appearance] (<a href="https://ecf.nysd.uscourts.gov/doc1/127122264358?...">3</a>)`
//   bankruptcy `Type: bk Office: 1 Chapter: 11 Trustee: Magaliff, Howard P. [Objection] (<a href=...>5237</a>)`
//   appellate  `[Order Filed (CLERK)] (<a href='https://ecf.cadc.uscourts.gov/docs1/01208491112'>Document</a>)`
//   nyed       `[Order] USA v. Shargorodskaya` (no document link; the case name follows)
// The short description is the bracketed part; the link gives the document and its entry number.
import { Parser } from "htmlparser2";

export interface BankruptcyFacts {
  /** Case type code: "bk", "ap". */
  type: string | null;
  office: string | null;
  chapter: string | null;
  trustee: string | null;
}

export interface RssDescription {
  shortDescription: string;
  /** The document link's target, when the item has one. */
  documentUrl: string | null;
  /** The document link's text: the entry number, or a word ("Document") where the court prints none. */
  documentLabel: string | null;
  /** The "Type: … Office: … Chapter: … Trustee: …" prefix of bankruptcy feeds. */
  bankruptcy: BankruptcyFacts | null;
}

const squash = (text: string) => text.replace(/[\s\u00a0]+/g, " ").trim();

/** Text of an HTML fragment, entities decoded (titles of appellate feeds are escaped twice). */
export function htmlToPlainText(html: string): string {
  let text = "";
  const parser = new Parser({ ontext: (data) => (text += data) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return squash(text);
}

/** The text from the first "[" to the "]" that closes it (brackets may nest), and what precedes it. */
function bracketed(text: string): { before: string; inside: string } | null {
  const start = text.indexOf("[");
  if (start < 0) return null;
  let depth = 0;
  for (let index = start; index < text.length; index += 1) {
    if (text[index] === "[") depth += 1;
    else if (text[index] === "]" && --depth === 0) return { before: text.slice(0, start), inside: text.slice(start + 1, index) };
  }
  return { before: text.slice(0, start), inside: text.slice(start + 1) };
}

const field = (prefix: string, name: string): string | null => {
  const match = new RegExp(`\\b${name}:\\s*(.*?)\\s*(?=\\b(?:Type|Office|Chapter|Trustee):|$)`).exec(prefix);
  return match?.[1] ? squash(match[1]) : null;
};

function bankruptcyFacts(prefix: string): BankruptcyFacts | null {
  if (!/\bType:/.test(prefix)) return null;
  return { type: field(prefix, "Type"), office: field(prefix, "Office"), chapter: field(prefix, "Chapter"), trustee: field(prefix, "Trustee") };
}

export function readRssDescription(html: string): RssDescription {
  // Held in one object: TypeScript does not follow assignments made inside the parser's callbacks.
  const read = { outside: "", label: "", url: null as string | null, inLink: false };
  const parser = new Parser(
    {
      onopentag: (name, attributes) => {
        // The first link with a target is the document's.
        if (name === "a" && read.url === null && attributes.href) {
          read.url = attributes.href.trim();
          read.inLink = true;
        }
      },
      ontext: (data) => {
        if (read.inLink) read.label += data;
        else read.outside += data;
      },
      onclosetag: (name) => {
        if (name === "a") read.inLink = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const parts = bracketed(read.outside);
  return {
    shortDescription: squash(parts ? parts.inside : read.outside.replace(/\(\s*\)\s*$/, "")),
    documentUrl: read.url,
    documentLabel: read.url === null ? null : squash(read.label),
    bankruptcy: bankruptcyFacts(parts ? parts.before : ""),
  };
}
