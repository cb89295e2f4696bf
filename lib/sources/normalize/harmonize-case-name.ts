// Case names as agents compare and search them, whatever court printed them: a side abbreviated to
// "USA" / "US" / "U.S.A." / "U.S." is written out ("USA v. Broussard" → "United States v. Broussard"), and the
// "et al." clerks append to a side is dropped (the parties list names everyone). Nothing else of the
// court's wording changes ("UNITED STATES OF AMERICA v. ..." stays as printed).

const UNITED_STATES = /^(?:usa|us|u\.\s?s\.\s?a\.?|u\.\s?s\.?)$/i;
const ET_AL = /,?\s+et\.?\s+al\.?$/i;
/** " v. ", " vs. ", " v " between the sides. */
const VERSUS = /\s+(v\.?|vs\.?|versus)\s+/i;

function harmonizeSide(side: string): string {
  const trimmed = side.replace(ET_AL, "").replace(/[\s,]+$/, "").trim();
  return UNITED_STATES.test(trimmed) ? "United States" : trimmed;
}

export function harmonizeCaseName(name: string): string {
  const text = name.replace(/\s+/g, " ").trim();
  const versus = VERSUS.exec(text);
  if (!versus) return harmonizeSide(text) || text;
  const left = harmonizeSide(text.slice(0, versus.index));
  const right = harmonizeSide(text.slice(versus.index + versus[0].length));
  if (!left || !right) return text;
  return `${left} v. ${right}`;
}
