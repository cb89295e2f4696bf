// The same payer asking the same request again with a *new* payment after a 503 payment_unavailable that said
// its settlement was broadcast and not confirmed yet: x402 clients sign a new payment on every call
// (@x402/fetch does), so the repeat the 503 asks for would be charged a second time. Once that settlement is
// settled, its stored answer is handed out, once, with the settlement that paid for it; the new payment is
// not used (never settled, nothing charged). Only answers whose request gave up with that 503 wait like this
// (payment_records.answer_awaited_since): an answer that went out, or a request still at work, never does,
// so the same question asked anew is paid and answered anew.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Payments } from "./facilitator";
import { serveStoredAnswer, type PaidAgain } from "./serve-paid-again";

export interface ServeUndeliveredAnswerOptions {
  prisma: PrismaClient;
  payments: Payments;
  /** The verified payer of the new payment (lowercase): only its own answers. */
  payer: string;
  /** sha256 of what is asked now (run-paid.ts). */
  fingerprint: string;
  version: 1 | 2;
}

export async function serveUndeliveredAnswer({ prisma, payments, payer, fingerprint, version }: ServeUndeliveredAnswerOptions): Promise<PaidAgain | null> {
  const waiting = await prisma.paymentRecord.findFirst({
    where: { payer, requestFingerprint: fingerprint, answerAwaitedSince: { not: null }, outcome: { in: ["settling", "settled"] } },
    orderBy: { createdAt: "desc" },
    select: { nonceKey: true },
  });
  if (!waiting) return null;
  return serveStoredAnswer({
    prisma,
    payments,
    nonceKey: waiting.nonceKey,
    version,
    belongs: (row) => row.payer === payer && row.requestFingerprint === fingerprint && row.answerAwaitedSince !== null,
    // Dropped with its retention: this payment asks anew.
    gone: () => null,
    // Taken once: of two repeats at the same moment, the other pays for a new answer.
    handOut: async (row) =>
      (await prisma.paymentRecord.updateMany({ where: { nonceKey: row.nonceKey, answerAwaitedSince: { not: null } }, data: { answerAwaitedSince: null } })).count === 1,
    stillSettling: (seconds) =>
      `Your earlier payment for this same request is still being settled. Repeat the request in ${seconds} s to get its answer: ` +
      "it is charged once, and this payment is not used.",
  });
}
