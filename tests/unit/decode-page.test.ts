// How court pages' bytes become text (lib/sources/decode-page.ts): UTF-8, Windows-1252, or both in one page.
import { describe, expect, it } from "vitest";
import { decodePage } from "@/lib/sources/decode-page";

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "utf8") : Buffer.from(part))));

describe("decodePage", () => {
  it("reads Windows-1252's 0x80–0x9F as its characters, not as Latin-1's control characters", () => {
    // "O’Brien – €5 “filed” Šimić…": 0x92, 0x96, 0x80, 0x93, 0x94, 0x8A, 0x85
    expect(decodePage(bytes("O", [0x92], "Brien ", [0x96], " ", [0x80], "5 ", [0x93], "filed", [0x94], " ", [0x8a], "imi", [0x85]))).toBe("O’Brien – €5 “filed” Šimi…");
    expect(decodePage(bytes("Pe", [0xf1], "a, Jos", [0xe9]))).toBe("Peña, José");
  });

  it("reads a page mixing UTF-8 and Windows-1252 byte by byte: each part as written", () => {
    expect(decodePage(bytes("Peña v. O", [0x92], "Brien"))).toBe("Peña v. O’Brien");
    // A UTF-8 sequence cut by the page's end is Windows-1252 bytes, not a lost character.
    expect(decodePage(bytes("é ", [0xe2, 0x80]))).toBe("é â€");
  });

  it("reads UTF-8 as UTF-8 and drops its byte order mark", () => {
    expect(decodePage(bytes([0xef, 0xbb, 0xbf], "{\"Name\":\"Peña – O’Brien\"}"))).toBe("{\"Name\":\"Peña – O’Brien\"}");
    expect(decodePage(bytes([0xef, 0xbb, 0xbf], "Peña ", [0x92]))).toBe("Peña ’");
  });
});
