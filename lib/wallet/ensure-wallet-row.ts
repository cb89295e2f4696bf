// The paying wallet's row, created on first contact by whichever request gets there first: one atomic
// INSERT … ON CONFLICT DO NOTHING, so concurrent first requests of a new wallet never collide (Prisma's
// upsert is a read then a write, and two of them race into a unique-key error).
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

export function ensureWalletRow(prisma: PrismaClient | Prisma.TransactionClient, address: string) {
  return prisma.$executeRaw`INSERT INTO wallets (address, created_at) VALUES (${address}, now()) ON CONFLICT (address) DO NOTHING`;
}
