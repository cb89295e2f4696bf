// Do the appellate, Supreme Court and Texas readers generalize beyond the corpus's exact bytes? Every real record
// of ../shared/corpus that ../shared/tools/score-sources.mjs scores is read again after a mechanical change a
// court, a saving browser or a serializer can make without changing what the record says (line endings, tag
// case, quoting, whitespace, JSON key order and null-vs-missing, the second date forms the court uses), and
// the reading must stay equal in every field the scorer compares (compared as it compares them: lowercase
// letters and digits). A record the reader refuses must still be refused.
import { describe, expect, it } from "vitest";
import { readSavedPage } from "@/lib/sources/read-saved-page";
import { SAVED_PAGE_READERS } from "@/lib/sources/saved-page-readers";
import { corpusFiles, corpusText, HAS_CORPUS, NO_CORPUS_MESSAGE } from "@/tests/helpers/corpus";

type Variant = readonly [name: string, change: (text: string) => string];

const norm = (text: unknown) => String(text ?? "").normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "");
const day = (text: unknown) => /^(\d{4}-\d{2}-\d{2})/.exec(String(text ?? ""))?.[1] ?? null;
const AT = new Date("2026-01-01T00:00:00Z");

interface Reading {
  case_name?: string;
  case_number?: string;
  date_filed?: string;
  date_terminated?: string;
  assigned_judge?: string;
  cause?: string;
  nature_of_proceeding?: string;
  jury_demand?: string;
  appellate?: { originating_court?: { case_id?: string } | null } | null;
  parties?: Array<{ name: string; role_in_case?: string; attorneys?: Array<{ name: string }> }>;
  docket_history?: Array<{ entry_number?: number | null; filed_at: string; description: string; document_identifier?: string | null }>;
}

/** What the scorer compares of a reading, in its terms; a refusal as its reason. */
function scored(reader: string, text: string): unknown {
  const out = readSavedPage(SAVED_PAGE_READERS[reader]!, text, AT);
  if (!("cases" in out)) return { refused: "error" in out ? out.error.code : "no cases" };
  const c = out.cases[0] as unknown as Reading;
  return {
    header: [c.case_name, c.case_number, c.assigned_judge, c.cause, c.nature_of_proceeding, c.jury_demand, c.appellate?.originating_court?.case_id].map(norm),
    dates: [day(c.date_filed), day(c.date_terminated)],
    parties: (c.parties ?? []).map((party) => [norm(party.name), norm(party.role_in_case), (party.attorneys ?? []).map((attorney) => norm(attorney.name))]),
    entries: (c.docket_history ?? []).map((entry) => [entry.entry_number ?? null, day(entry.filed_at), norm(entry.description), entry.document_identifier ?? null]),
  };
}

/** Text between tags only (attribute values and markup untouched). */
const inText = (html: string, change: (text: string) => string) => html.replace(/>([^<]+)</g, (_whole, text: string) => `>${change(text)}<`);
const tagNames = (html: string, change: (name: string) => string) =>
  html.replace(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)/g, (_whole, slash: string, name: string) => `<${slash}${change(name)}`);

const HTML: Variant[] = [
  ["CRLF line endings", (page) => page.replace(/\r?\n/g, "\r\n")],
  ["upper-case tags", (page) => tagNames(page, (name) => name.toUpperCase())],
  ["capitalized tags", (page) => tagNames(page, (name) => name[0]!.toUpperCase() + name.slice(1).toLowerCase())],
  ["a newline after the closing </html>", (page) => `${page}\r\n`],
  ["bare attribute values quoted", (page) => page.replace(/(\s[a-zA-Z-]+)=([^\s"'>]+)/g, '$1="$2"')],
  ["double-quoted attribute values single-quoted", (page) => page.replace(/(\s[a-zA-Z-]+)="([^"']*)"/g, "$1='$2'")],
  ["<br> written <br />", (page) => page.replace(/<br>/gi, "<br />")],
  ["tags on lines of their own", (page) => page.replace(/></g, ">\n\t<")],
  ["some spaces written &nbsp;", (page) => inText(page, (text) => text.replace(/ (?=[A-Za-z])/g, (space, at: number) => (at % 3 === 0 ? "&nbsp;" : space)))],
  ["apostrophes written &#39;", (page) => inText(page, (text) => text.replace(/'/g, "&#39;"))],
];

function mapJson(value: unknown, change: (key: string, item: unknown) => [keep: boolean, item: unknown]): unknown {
  if (Array.isArray(value)) return value.map((item) => mapJson(item, change));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const [keep, changed] = change(key, item);
      if (keep) out[key] = mapJson(changed, change);
    }
    return out;
  }
  return value;
}
const reversedKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reversedKeys)
    : value && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, reversedKeys(item)]))
      : value;

const JSON_FORMS: Variant[] = [
  ["keys in reverse order", (json) => JSON.stringify(reversedKeys(JSON.parse(json)))],
  ["indented, CRLF", (json) => JSON.stringify(JSON.parse(json), null, 2).replace(/\n/g, "\r\n")],
  ["null keys left out", (json) => JSON.stringify(mapJson(JSON.parse(json), (_key, item) => [item !== null, item]))],
  ["empty strings as null", (json) => JSON.stringify(mapJson(JSON.parse(json), (_key, item) => [true, item === "" ? null : item]))],
];

const ACMS: Variant[] = [
  ...JSON_FORMS,
  ["endDate as a naive midnight", (json) => json.replace(/"endDate": ?"(\d{4}-\d{2}-\d{2})"/g, '"endDate":"$1T00:00:00"')],
  ["endDate as a UTC midnight", (json) => json.replace(/"endDate": ?"(\d{4}-\d{2}-\d{2})"/g, '"endDate":"$1T00:00:00Z"')],
  ["entryNumber and documentCount as digits", (json) => json.replace(/"(entryNumber|documentCount)": ?(\d+)/g, '"$1":"$2"')],
  ["upper-case tags in the HTML fields", (json) => json.replace(/<(\/?)(p|br|strong|td|tr|div|table)\b/g, (_whole, slash: string, name: string) => `<${slash}${name.toUpperCase()}`)],
];

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const SHORT = MONTH_NAMES.map((name) => name.slice(0, 3));
const SCOTUS_JSON: Variant[] = [
  ...JSON_FORMS,
  ["proceedings dated Jan 5, 2024", (json) => json.replace(/"Date": ?"([A-Z][a-z]{2}) 0?(\d{1,2}) (\d{4})"/g, '"Date":"$1 $2, $3"')],
  ["proceedings dated in full January 5, 2024", (json) => json.replace(/"Date": ?"([A-Z][a-z]{2}) 0?(\d{1,2}) (\d{4})"/g, (_whole, month: string, date: string, year: string) => `"Date":"${MONTH_NAMES[SHORT.indexOf(month)]} ${date}, ${year}"`)],
  ["docketed dated Mar 12 2021", (json) => json.replace(/"DocketedDate": ?"([A-Z][a-z]{2})[a-z]* (\d{1,2}), (\d{4})"/g, '"DocketedDate":"$1 $2 $3"')],
  ["empty counsel lists as null", (json) => JSON.stringify(mapJson(JSON.parse(json), (key, item) => [true, ["Petitioner", "Respondent", "Other"].includes(key) && Array.isArray(item) && item.length === 0 ? null : item]))],
  ["entries without documents have no Links key", (json) => JSON.stringify(mapJson(JSON.parse(json), (key, item) => [!(key === "Links" && Array.isArray(item) && item.length === 0), item]))],
  ["texts with &amp; and &#39; for & and '", (json) => {
    const docket = JSON.parse(json) as { ProceedingsandOrder: Array<{ Text: string }> };
    for (const proceeding of docket.ProceedingsandOrder) proceeding.Text = inText(`>${proceeding.Text}<`, (text) => text.replace(/&/g, "&amp;").replace(/'/g, "&#39;")).slice(1, -1);
    return JSON.stringify(docket);
  }],
];

const FOLDERS: ReadonlyArray<readonly [folder: string, reader: string, extension: string, variants: Variant[]]> = [
  ["pacer/appellate", "pacer-appellate", ".html", [...HTML, ["section comments left out", (page) => page.replace(/<!--[\s\S]*?-->/g, "")]]],
  ["pacer/acms", "acms", ".acms_json", ACMS],
  ["scotus/json", "scotus-json", ".compare.json", SCOTUS_JSON],
  ["scotus/html", "scotus-html", ".html", HTML],
  ["state/texas/sc", "texas", ".html", HTML],
  ["state/texas/coca", "texas", ".html", HTML],
  ["state/texas/coa", "texas", ".html", HTML],
];

describe.skipIf(!HAS_CORPUS)(`readers on variants of the corpus's records${HAS_CORPUS ? "" : ` (${NO_CORPUS_MESSAGE})`}`, () => {
  for (const [folder, reader, extension, variants] of FOLDERS) {
    it(`${folder}: every record reads the same in every variant`, { timeout: 60_000 }, () => {
      const files = corpusFiles(folder, extension);
      expect(files.length).toBeGreaterThan(0);
      const effective = new Set<string>();
      for (const file of files) {
        const text = corpusText(file);
        const plain = scored(reader, text);
        for (const [name, change] of variants) {
          const changed = change(text);
          if (changed === text) continue;
          effective.add(name);
          expect(scored(reader, changed), `${file} (${name})`).toEqual(plain);
        }
      }
      // Every variant changed some record of the folder: none is a check that cannot fail.
      expect([...effective].sort()).toEqual(variants.map(([name]) => name).sort());
    });
  }
});
