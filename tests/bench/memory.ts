// Memory: serving 2 MB responses one after another must not keep them alive. The route handler runs on
// its own in-memory database (the sandbox limiter writes to it).
import { GET as getCase } from "@/app/v2/case/route";
import { useDatabase } from "@/lib/db";
import { openDatabase } from "@/lib/db/open-database";
import type { Row } from "./measure";

export async function runMemoryBench(): Promise<Row[]> {
  const db = await openDatabase({ pgliteDataDir: "memory://", migrate: true });
  useDatabase(db);
  try {
    return await measureHeapGrowth();
  } finally {
    await db.close();
  }
}

async function measureHeapGrowth(): Promise<Row[]> {
  const run = async () => {
    const response = await getCase(new Request("http://bench.local/v2/case?case_id=3:21-md-02996&court_code=cand&context=full", { headers: { "x-service-test": "1" } }));
    const body = await response.arrayBuffer();
    // Measuring the heap over error answers would say nothing about 2 MB responses.
    if (response.status !== 200 || body.byteLength < 1_000_000) throw new Error(`memory bench: expected a large 200, got ${response.status} (${body.byteLength} bytes)`);
    return body;
  };
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i += 1) await run();
  gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 40; i += 1) await run();
  gc?.();
  const grownMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;
  return [
    {
      name: "heap growth after 40 truncated 2 MB responses",
      value: `${grownMb.toFixed(1)} MB${gc ? "" : " (without --expose-gc: indicative only)"}`,
      target: "≤ 40 MB",
      ok: grownMb <= 40,
    },
  ];
}
