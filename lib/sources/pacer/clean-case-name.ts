// Names as CM/ECF prints them, made plain: the judge's titles ("Hon.", "Chief Judge", "U.S. District Judge")
// are not part of the name, and a bankruptcy lead title carries the clerk's list marker mid-name
// ("WJ Holdings Liquidating Company, et al., Debtors ..."). Case names themselves are harmonized for
// every source in lib/sources/normalize/harmonize-case-name.ts.

/** "Acme Corp., et al., Debtors" → "Acme Corp., Debtors": the clerk's "et al." is no part of a name. */
export function dropListMarkers(printed: string): string {
  return printed
    .replace(/\s+/g, " ")
    .replace(/\s*,?\s+et\.?\s+al\b\.?/gi, "")
    .replace(/[\s,;]+$/, "")
    .trim();
}

/** "Hon. Susan Illston", "Chief Judge William Keith Watkins", "U.S. District Judge Analisa Torres" → the name. */
export function cleanJudgeName(printed: string): string {
  let name = printed.replace(/\s+/g, " ").trim();
  const title = /^(?:Hon\.?|Honorable|The|Chief|Senior|Sr\.|Presiding|U\.\s?S\.|US|United States|District|Magistrate|Bankruptcy|Circuit|Judge|Justice)\s+/i;
  for (let guard = 0; guard < 8 && title.test(name); guard++) name = name.replace(title, "");
  return name.replace(/[\s,]+$/, "");
}
