// npm run --silent parse -- <reader> <file>...   One JSON line per file: {"file", "cases": [...]} (the
// `case` object of GET /v2/case?context=full), {"file", "error": {"code", "message"}} for a page the
// reader refuses, {"file", "result": ...} for the protocol pages (case-number lookups, counts), or
// {"file", "partial": {parties | docket_history, page}} for one piece of a case served in pieces (ACIS).
import { readFileSync } from "node:fs";
import { decodePage } from "@/lib/sources/decode-page";
import { findReader, readerNames, readSavedPage } from "@/lib/sources/read-saved-page";

const [name, ...files] = process.argv.slice(2);
const reader = name ? findReader(name) : undefined;
if (!reader || files.length === 0) {
  process.stderr.write(`usage: npm run --silent parse -- <reader> <file>...\nreaders: ${readerNames().join(", ")}\n`);
  process.exit(2);
}
for (const file of files) {
  let text: string;
  try {
    text = decodePage(readFileSync(file));
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ file, error: { code: "unreadable_file", message: String(error) } })}\n`);
    continue;
  }
  process.stdout.write(`${JSON.stringify({ file, ...readSavedPage(reader, text) })}\n`);
}
