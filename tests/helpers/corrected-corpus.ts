// The corpus with two mechanical corrections to juriscraper's expected readings, each a rule about the
// expected data's form, never about a file:
// - a `pacer_doc_id` that is a file name rather than an id (juriscraper "normalizes" the `show_doc.pl` of old
//   bankruptcy links into `sho0_doc.pl`) is dropped: there is no id to agree on;
// - a timestamp without an offset at midnight (ACMS's `2023-09-29T00:00:00`) is a calendar date: the scorer
//   would read it as midnight in the scoring machine's own zone, not the court's.
// Inputs are linked, not copied. Used by tests/unit/score-sources.test.ts beside the uncorrected measure.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const FILE_NAME_ID = /\.(pl|jsp|cgi|html?)$/i;
const NAIVE_MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T00:00(:00(\.0+)?)?$/;

function correct(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => correct(item));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      if (name === "pacer_doc_id" && typeof item === "string" && FILE_NAME_ID.test(item)) continue;
      out[name] = correct(item, name);
    }
    return out;
  }
  if (typeof value === "string" && key?.startsWith("date_")) return NAIVE_MIDNIGHT.exec(value)?.[1] ?? value;
  return value;
}

/** A corrected copy of `<corpus>/<folder>` trees under a temporary directory; call `dispose` when done. */
export function correctedCorpus(corpus: string, folders: readonly string[]): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "corpus-"));
  for (const folder of folders) {
    const from = path.join(corpus, folder);
    const to = path.join(dir, folder);
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) {
      const source = path.join(from, name);
      if (!statSync(source).isFile()) continue;
      const target = path.join(to, name);
      if (name.endsWith(".json") && !name.endsWith(".compare.json")) {
        writeFileSync(target, JSON.stringify(correct(JSON.parse(readFileSync(source, "utf8")))));
      } else {
        symlinkSync(source, target);
      }
    }
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
