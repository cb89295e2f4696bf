// Court systems send UTF-8 or, on older CM/ECF and IIS servers, Windows-1252, without saying so reliably (a
// CM/ECF page's <meta> may say iso-8859-1 over UTF-8 bytes), and a page can mix both (docket text entered
// through different versions of a court's software): so the bytes decide, not the declaration. A page that is
// valid UTF-8 is read as such (its byte order mark dropped); in any other, each valid UTF-8 sequence is read
// as UTF-8 and every other byte as Windows-1252, in which every byte is a character: no U+FFFD, and no "Ã©"
// made of the UTF-8 parts of a mixed page.
const utf8 = new TextDecoder("utf-8", { fatal: true });
const utf8Span = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Windows-1252's characters for 0x80–0x9F (WHATWG encoding standard; the five bytes it leaves undefined keep
 * their code points). Written out because Node 20's TextDecoder("windows-1252") reads these bytes as
 * Latin-1's invisible control characters (0x92, a typographic apostrophe, became U+0092).
 */
const HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";
const windows1252Char = (byte: number) => (byte >= 0x80 && byte <= 0x9f ? HIGH[byte - 0x80]! : String.fromCharCode(byte));

/** The length of the valid UTF-8 sequence of more than one byte starting at `at`, or 0 when none starts there. */
function sequenceAt(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]!;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead === 0xe0) low = 0xa0;
    if (lead === 0xed) high = 0x9f; // no surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f;
  } else return 0;
  if (at + length > bytes.length) return 0;
  for (let next = 1; next < length; next += 1) {
    const byte = bytes[at + next]!;
    if (byte < (next === 1 ? low : 0x80) || byte > (next === 1 ? high : 0xbf)) return 0;
  }
  return length;
}

export function decodePage(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    // Runs of ASCII and valid UTF-8 decoded at once; each byte outside them as Windows-1252.
    const parts: string[] = [];
    let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    let at = start;
    while (at < bytes.length) {
      const byte = bytes[at]!;
      if (byte < 0x80) {
        at += 1;
        continue;
      }
      const length = sequenceAt(bytes, at);
      if (length > 0) {
        at += length;
        continue;
      }
      if (at > start) parts.push(utf8Span.decode(bytes.subarray(start, at)));
      parts.push(windows1252Char(byte));
      at += 1;
      start = at;
    }
    if (at > start) parts.push(utf8Span.decode(bytes.subarray(start, at)));
    return parts.join("");
  }
}
