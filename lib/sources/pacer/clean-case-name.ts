// Case names as CM/ECF prints them carry list markers and abbreviations that are not part of the name:
// "Brady et al v. Deloitte & Touche LLP et al", "USA v. Romero", "Alford vs. Baylor". The name the
// service answers with is the short citation form: "Brady v. Deloitte & Touche LLP", "United States v.
// Romero" — what a person searching for the case types, and the same name whichever defendant's or
// member's docket it was read from.

export function cleanCaseName(printed: string): string {
  return printed
    .replace(/\s+/g, " ")
    .replace(/\s*,?\s+et\s+al\b\.?/gi, "")
    .replace(/\s+vs?\.?\s+/gi, " v. ")
    .replace(/(^|\bv\. )(?:USA|U\.S\.A\.?)(?=\s|,|$)/g, "$1United States")
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
