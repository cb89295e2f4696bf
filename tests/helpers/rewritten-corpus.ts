// Readers on mechanically rewritten corpus records (tag case, CRLF, entities...): the rewrite must leave what a
// reader gives unchanged, and must change some record, so that no rewrite is a check that cannot fail.
import { expect } from "vitest";
import { corpusText } from "./corpus";

export function expectRewriteReadsTheSame(files: readonly string[], name: string, rewrite: (text: string) => string, read: (text: string) => unknown): void {
  let changed = 0;
  for (const file of files) {
    const text = corpusText(file);
    const rewritten = rewrite(text);
    if (rewritten === text) continue;
    changed += 1;
    expect(read(rewritten), `${file} with ${name}`).toEqual(read(text));
  }
  expect(changed, `${name} changes some record`).toBeGreaterThan(0);
}
