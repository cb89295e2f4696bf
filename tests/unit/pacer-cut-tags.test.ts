// A CM/ECF page cut short inside a tag ("<td width=..." and no ">" after it: a connection dropped mid-page)
// must be read, or refused, at once. The tag patterns once split the tag's text every possible way before
// giving up (2^n steps for n characters): one such page stalled the whole process. A stalled regular
// expression blocks the thread it runs on, so the reading runs in a child process the test can stop.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

/** Runs `reader(page)` in a child process; its stdout, or null when it did not end within the limit. */
function readInChild(expression: string, page: string): string | null {
  const script = `
    import { readFileSync } from "node:fs";
    import { readDocketReport } from "./lib/sources/pacer/read-docket-report.ts";
    import { scanTables } from "./lib/sources/pacer/scan-tables.ts";
    import { parseHtml } from "./lib/sources/pacer/docket-dom.ts";
    const page = readFileSync(0, "utf8");
    const result = ${expression};
    process.stdout.write(JSON.stringify(result ?? null).slice(0, 200));
  `;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    input: page,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (run.status !== 0) return run.error || run.signal ? null : `exit ${run.status}: ${run.stderr.slice(0, 500)}`;
  return run.stdout;
}

const HEAD = `<html><body><h3 align="center">U.S. District Court<br>District of Somewhere<br>CIVIL DOCKET FOR CASE #: 1:24-cv-00001</h3>
<table><tr><td>Doe v. Roe<br>Date Filed: 01/02/2024</td></tr></table>
<table><tr><th>Date Filed</th><th>#</th><th>Docket Text</th></tr>
<tr><td>01/02/2024</td><td>1</td><td>COMPLAINT against Roe.</td></tr>
`;
const OPEN_RUN = " width=" + "5".repeat(300);

describe("a page cut short inside a tag", () => {
  it("inside a table cell's tag: the docket reader answers", { timeout: 120_000 }, () => {
    const out = readInChild("readDocketReport(page).kind", `${HEAD}<tr><td${OPEN_RUN}`);
    expect(out).not.toBeNull();
    expect(out).toMatch(/^"(case|refused)"$/);
  });

  it("inside a link's tag in an entry's text: the docket reader answers, the cell's links are read", { timeout: 120_000 }, () => {
    const page = `${HEAD}<tr><td>01/03/2024</td><td>2</td><td>ANSWER <a href${OPEN_RUN}`;
    expect(readInChild("readDocketReport(page).kind", page)).toMatch(/^"(case|refused)"$/);
    expect(readInChild("scanTables(page).flat().flatMap((row) => row.cells).map((cell) => cell.links.length)", page)).toMatch(/^\[[\d,]+\]$/);
  });

  it("the table scanner and the DOM's table balancing each end on it", { timeout: 120_000 }, () => {
    const page = `${HEAD}<tr><td${OPEN_RUN}`;
    expect(readInChild("scanTables(page).length", page)).toMatch(/^\d+$/);
    expect(readInChild("parseHtml(page).children.length", page)).toMatch(/^\d+$/);
  });
});
