// `npm run db:migrate` (also run by `npm run dev` first): apply pending migrations to DATABASE_URL,
// or to the embedded PGlite database in PGLITE_DATA_DIR (default .data/pglite).
import { getEnv } from "../lib/env";
import { openDatabase } from "../lib/db/open-database";

const env = getEnv();
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDataDir: env.PGLITE_DATA_DIR, migrate: true });
await db.close();
console.log(`Database ready: ${env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${env.PGLITE_DATA_DIR}`}.`);
