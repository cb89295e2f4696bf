// The database's clock (clock_timestamp(): the time of the call, not of the transaction's start), to the
// millisecond: the one clock every instance shares, for stamps compared across instances.
import type { PrismaClient } from "@/lib/generated/prisma/client";

export async function databaseNow(client: Pick<PrismaClient, "$queryRawUnsafe">): Promise<Date> {
  const rows = await client.$queryRawUnsafe<{ now: Date }[]>("SELECT clock_timestamp() AS now");
  return rows[0]!.now;
}
