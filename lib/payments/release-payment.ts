// A reserved payment whose request failed: nothing is settled, and the ledger says why.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Reservation } from "./reserve-payment";

export async function releasePayment(prisma: PrismaClient, reservation: Reservation, reason: string): Promise<void> {
  await prisma.paymentRecord.updateMany({
    where: { nonceKey: reservation.nonceKey, outcome: "reserved" },
    data: { outcome: "released", failureReason: reason.slice(0, 500) },
  });
}
