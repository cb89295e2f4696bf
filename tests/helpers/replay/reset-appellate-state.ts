// What each courts-of-appeals test starts from: the replay server without faults, hosted dockets or logged
// requests, the test account's settings, and none of the given courts' cases, PACER rows, health, feeds,
// fetch leases, fees or sessions in the database.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { TEST_LOGIN, type PacerEnvironment } from "./pacer-environment";

export async function resetAppellateState(env: PacerEnvironment, prisma: PrismaClient, courtCodes: readonly string[]): Promise<void> {
  env.server.clearFaults();
  env.pacer.advanceTo(null);
  env.pacer.hostedAppellate.length = 0;
  env.pacer.appellateRequests.length = 0;
  env.pacer.appellateWithoutReceipt = false;
  env.configure({ PACER_PASSWORD: TEST_LOGIN.password, PACER_DAILY_BUDGET_USD: undefined, PACER_MONTHLY_BUDGET_USD: undefined });
  const codes = courtCodes.map((code) => `'${code}'`).join(",");
  for (const table of ["cases", "pacer_cases", "court_health", "pacer_feeds"]) {
    await prisma.$executeRawUnsafe(`DELETE FROM ${table} WHERE court_code IN (${codes})`);
  }
  await prisma.$executeRawUnsafe(`DELETE FROM source_fetches WHERE split_part(key, '|', 1) IN (${codes})`);
  await prisma.$executeRawUnsafe("DELETE FROM pacer_fees");
  await prisma.$executeRawUnsafe("DELETE FROM pacer_sessions");
}
