// Case names as agents compare and search them, whatever court printed them: a side abbreviated to
// "USA" / "US" / "U.S.A." / "U.S." is written out ("USA v. Broussard" → "United States v. Broussard"), and the
// "et al." clerks append to a side is dropped (the parties list names everyone), the sides are joined by " v. "
// whatever separator the court printed ("vs.", "versus"), and spaces and trailing commas are tidied. Nothing else
// of the court's wording changes ("UNITED STATES OF AMERICA v. ..." stays as printed).

const UNITED_STATES = /^(?:usa|us|u\.\s?s\.\s?a\.?|u\.\s?s\.?)$/i;
const ET_AL = /,?\s+et\.?\s+al\.?$/i;
/** "et al." before the side's role designation ("Nijjar Realty, Inc., et al., Petitioners"). */
const ET_AL_BEFORE_ROLE = /,?\s+et\.?\s+al\.?(?=,\s*(?:petitioners?|respondents?|applicants?|appellants?|appellees?|relators?)\.?$)/i;
/** " v. ", " vs. ", " v " between the sides. */
const VERSUS = /\s+(v\.?|vs\.?|versus)\s+/gi;

/**
 * Where the sides meet. A capital "V." can be a middle initial ("MILAGROS V. FERRER-RODRIGUEZ ... v. ANDREW
 * NAHASS"): where the name also has a lower-case "v.", that one separates the sides.
 */
function versusIn(text: string): RegExpExecArray | null {
  const all = [...text.matchAll(VERSUS)] as RegExpExecArray[];
  return all.find((match) => /^(?:v\.?|vs\.?|versus)$/.test(match[1]!)) ?? all[0] ?? null;
}

function harmonizeSide(side: string): string {
  // A stray comma after "et al.," is the clerk's, not the name's.
  const trimmed = side.replace(/[\s,]+$/, "").replace(ET_AL_BEFORE_ROLE, "").replace(ET_AL, "").replace(/[\s,]+$/, "").trim();
  return UNITED_STATES.test(trimmed) ? "United States" : trimmed;
}

export function harmonizeCaseName(name: string): string {
  const text = name.replace(/\s+/g, " ").trim();
  const versus = versusIn(text);
  if (!versus) return harmonizeSide(text) || text;
  const left = harmonizeSide(text.slice(0, versus.index));
  const right = harmonizeSide(text.slice(versus.index + versus[0].length));
  if (!left || !right) return text;
  return `${left} v. ${right}`;
}
