// `npm run pacer:fees [-- --days N | --from YYYY-MM-DD --to YYYY-MM-DD] [--json]`: PACER spend from the
// fee ledger of the configured database, per day, per court and per paid query (docs/sources.md "PACER (live federal dockets)").
import { parseArgs } from "node:util";
import { getEnv } from "../lib/env";
import { openDatabase } from "../lib/db/open-database";
import { formatFeeSummary, summarizeFees } from "../lib/sources/pacer/summarize-fees";

const { values } = parseArgs({
  options: { days: { type: "string" }, from: { type: "string" }, to: { type: "string" }, json: { type: "boolean" } },
});
const now = new Date();
const to = values.to ? new Date(`${values.to}T00:00:00Z`) : new Date(now.getTime() + 1000);
const from = values.from ? new Date(`${values.from}T00:00:00Z`) : new Date(to.getTime() - Number(values.days ?? 30) * 86_400_000);
if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
  console.error("usage: npm run pacer:fees -- [--days N | --from YYYY-MM-DD --to YYYY-MM-DD] [--json]");
  process.exit(2);
}
const env = getEnv();
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDataDir: env.PGLITE_DATA_DIR, migrate: true });
try {
  const summary = await summarizeFees(db.prisma, from, to);
  console.log(values.json ? JSON.stringify(summary, null, 2) : formatFeeSummary(summary));
} finally {
  await db.close();
}
