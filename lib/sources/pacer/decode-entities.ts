// HTML character references in CM/ECF text. CM/ECF escapes a handful of characters itself (&amp; &#036;
// &#064; &#035; &#039; &nbsp;); filers' text brings numeric references and the Latin-1 names. The docket
// entries are read by a plain scanner for speed (see scan-tables.ts), so they are decoded here.

/** HTML 4's Latin-1 names, in code point order from U+00A0. */
const LATIN1 =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute " +
  "micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig " +
  "Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash " +
  "Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc " +
  "euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml " +
  "yacute thorn yuml";

const NAMED = new Map<string, string>([
  ["amp", "&"], ["lt", "<"], ["gt", ">"], ["quot", '"'], ["apos", "'"],
  ["ndash", "\u2013"], ["mdash", "\u2014"], ["lsquo", "\u2018"], ["rsquo", "\u2019"], ["sbquo", "\u201a"],
  ["ldquo", "\u201c"], ["rdquo", "\u201d"], ["bdquo", "\u201e"], ["hellip", "\u2026"], ["bull", "\u2022"],
  ["trade", "\u2122"], ["euro", "\u20ac"], ["dagger", "\u2020"], ["Dagger", "\u2021"], ["permil", "\u2030"],
  ["lsaquo", "\u2039"], ["rsaquo", "\u203a"], ["OElig", "\u0152"], ["oelig", "\u0153"], ["Scaron", "\u0160"],
  ["scaron", "\u0161"], ["Yuml", "\u0178"], ["fnof", "\u0192"], ["circ", "\u02c6"], ["tilde", "\u02dc"],
  ["ensp", "\u2002"], ["emsp", "\u2003"], ["thinsp", "\u2009"], ["zwnj", "\u200c"], ["zwj", "\u200d"],
  ["prime", "\u2032"], ["Prime", "\u2033"], ["larr", "\u2190"], ["rarr", "\u2192"], ["minus", "\u2212"],
  ...LATIN1.split(" ").map((name, index): [string, string] => [name, String.fromCharCode(0xa0 + index)]),
]);

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));?/g;

/** References to 0x80-0x9F mean the Windows-1252 characters there, as browsers read them (&#150; is "–"). */
const WINDOWS_1252 = "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
  if (code >= 0x80 && code <= 0x9f) return WINDOWS_1252[code - 0x80]!;
  return String.fromCodePoint(code);
}

/** Decodes numeric and named character references; an unknown name stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(REFERENCE, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (decimal) return fromCodePoint(Number(decimal));
    if (hex) return fromCodePoint(Number.parseInt(hex, 16));
    const named = NAMED.get(name!);
    return named === undefined ? whole : named;
  });
}
