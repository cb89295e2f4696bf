// Renders the Markdown files of docs/ for the app's /docs pages. Headings get ids from their text,
// so `## case_not_found` is the target of `{base_url}/docs/errors#case_not_found`.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { Marked } from "marked";

export const DOCS_DIR = path.join(process.cwd(), "docs");

export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/[`*]/g, "")
    .trim()
    .replace(/[^a-z0-9_]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * docs/ link each other as files (`sources.md#pacer`), which reads right in the repository; served, the pages
 * are /docs/<name>, where a relative `sources.md` would be a 404.
 */
function servedDocHref(href: string): string {
  const match = /^([a-z0-9-]+)\.md(#.*)?$/.exec(href);
  return match ? `/docs/${match[1]}${match[2] ?? ""}` : href;
}

const marked = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === "link") token.href = servedDocHref(token.href);
  },
  renderer: {
    heading({ tokens, depth, text }) {
      return `<h${depth} id="${headingId(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
  },
});

export async function listDocSlugs(): Promise<string[]> {
  const files = await readdir(DOCS_DIR);
  return files.filter((file) => file.endsWith(".md")).map((file) => file.slice(0, -3)).sort();
}

export async function renderDoc(slug: string): Promise<{ title: string; html: string } | null> {
  if (!/^[a-z0-9-]+$/.test(slug)) return null;
  let source: string;
  try {
    source = await readFile(path.join(DOCS_DIR, `${slug}.md`), "utf8");
  } catch {
    return null;
  }
  const title = /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? slug;
  return { title, html: await marked.parse(source) };
}
