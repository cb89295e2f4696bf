// A long CM/ECF docket page made of a real page's own entry rows, repeated: the shape of a 20,000-entry
// docket without inventing any markup (the unit test reads it whole; the benchmark times it).

/** The page around its first entry table, and that table's entry rows. */
export function entryRows(html: string): { before: string; rows: string[]; after: string } {
  const heading = html.search(/Docket Text<\/t[dh]><\/tr>/i);
  const start = html.indexOf("<tr>", heading);
  const end = html.indexOf("</table>", start);
  const rows = html.slice(start, end).split(/(?=<tr>)/).filter((row) => row.startsWith("<tr>"));
  return { before: html.slice(0, start), rows, after: html.slice(end) };
}

export function syntheticDocket(html: string, entries: number): string {
  const { before, rows, after } = entryRows(html);
  const body: string[] = [];
  for (let index = 0; index < entries; index += 1) body.push(rows[index % rows.length]!);
  return before + body.join("") + after;
}
