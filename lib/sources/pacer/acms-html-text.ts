// ACMS sends its texts as HTML fragments (docket entry text, the party/attorney table cells): the words
// are what we keep, the markup only tells where lines break. Parsing is htmlparser2's; the rules of which
// tags break a line are ours.
import { Parser } from "htmlparser2";

/** Tags after which the court's text continues on a new line. */
const LINE_BREAKING = new Set(["br", "p", "div", "li", "tr", "td", "table", "h1", "h2", "h3", "h4", "h5", "h6"]);

export function breaksLine(tag: string): boolean {
  return LINE_BREAKING.has(tag);
}

/** Text as the source HTML carries it: a newline inside it is the editor's wrapping, not a break. */
export function inlineText(text: string): string {
  return text.replace(/[\r\n]+/g, " ");
}

/** Lines of text, spaces collapsed (no-break spaces included), empty lines dropped. */
export function cleanLines(raw: string): string[] {
  return raw
    .split("\n")
    .map((line) => line.replace(/[\s\u00a0]+/g, " ").trim())
    .filter((line) => line !== "");
}

/** The text of an HTML fragment as lines: entities decoded, tags removed, every word kept. */
export function htmlLines(html: string): string[] {
  let raw = "";
  const parser = new Parser(
    {
      ontext: (text) => {
        raw += inlineText(text);
      },
      onopentag: (name) => {
        if (breaksLine(name)) raw += "\n";
      },
      onclosetag: (name) => {
        if (breaksLine(name)) raw += "\n";
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return cleanLines(raw);
}

/** The text of an HTML fragment on one line. */
export function htmlText(html: string): string {
  return htmlLines(html).join(" ");
}
