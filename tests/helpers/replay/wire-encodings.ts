// Court answers as other servers send them: text in Windows-1252 (older CM/ECF and IIS servers), with a UTF-8
// byte order mark, or compressed. For ReplayServer.rewrite.
import type { WireAnswer } from "./replay-server";

/**
 * The bytes 0x80–0x9F Windows-1252 gives characters that tests use (written out: Node 20's TextDecoder reads
 * these bytes as Latin-1's control characters).
 */
const WINDOWS_1252_HIGH: Record<string, number> = { "€": 0x80, "…": 0x85, "š": 0x9a, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "•": 0x95, "–": 0x96, "—": 0x97, "™": 0x99 };

/** The text's bytes in Windows-1252; a character it cannot hold is an error in the test. */
export function windows1252(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (char) => {
      const code = char.codePointAt(0)!;
      const high = WINDOWS_1252_HIGH[char];
      if (high !== undefined) return high;
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
      throw new Error(`${char} has no Windows-1252 byte`);
    }),
  );
}

/** The answer's UTF-8 text re-sent in Windows-1252, with this Content-Type. */
export const asWindows1252 =
  (contentType: string) =>
  (answer: WireAnswer): WireAnswer => ({ ...answer, headers: { ...answer.headers, "content-type": contentType }, body: windows1252(answer.body.toString("utf8")) });
