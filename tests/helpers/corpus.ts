// The real court records of ../shared/corpus (see its README). They are not copied into the project:
// tests read them in place and skip, saying why, where the folder is absent (a clone without ../shared).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodePage } from "@/lib/sources/decode-page";

export const CORPUS_DIR = path.resolve(import.meta.dirname, "../../../shared/corpus");
export const HAS_CORPUS = existsSync(CORPUS_DIR);
export const NO_CORPUS_MESSAGE = `skipped: the real-record corpus ${CORPUS_DIR} is absent (it sits beside the project in CI)`;

if (!HAS_CORPUS) console.warn(NO_CORPUS_MESSAGE);

/** Text of one corpus file, e.g. corpusText("pacer/district/cand_2.html"). */
export function corpusText(relative: string): string {
  return decodePage(readFileSync(path.join(CORPUS_DIR, relative)));
}

/** Parsed JSON of one corpus file (the expected readings are juriscraper's field names). */
export function corpusJson<T = Record<string, unknown>>(relative: string): T {
  return JSON.parse(readFileSync(path.join(CORPUS_DIR, relative), "utf8")) as T;
}

/** Files of one corpus folder with the given extension, as paths relative to the corpus. */
export function corpusFiles(folder: string, extension: string): string[] {
  const dir = path.join(CORPUS_DIR, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => `${folder}/${name}`);
}
