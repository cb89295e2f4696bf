// The baseline of the overhead benchmark (tests/bench/overhead.ts): a bare Next.js route handler that
// answers bytes it holds in memory, read once from the files the benchmark wrote (BARE_BODIES_DIR). What
// Next.js itself costs per request; everything our routes do beyond it is ours.
import { readFileSync } from "node:fs";
import path from "node:path";

export const dynamic = "force-dynamic";

const bodies = new Map();

function body(name) {
  let bytes = bodies.get(name);
  if (!bytes) {
    bytes = readFileSync(path.join(process.env.BARE_BODIES_DIR, `${path.basename(name)}.json`));
    bodies.set(name, bytes);
  }
  return bytes;
}

export async function GET(_request, { params }) {
  const { name } = await params;
  return new Response(body(name), { status: 200, headers: { "content-type": "application/json; charset=utf-8" } });
}
