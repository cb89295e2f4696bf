// One attempt of a delivery (attempt n of 7): sign the stored body with the wallet's current key, POST
// it, and record the attempt and the delivery's new state. Called by the Inngest function (one step per
// attempt) and by the development runner; a step that is retried after the attempt was recorded does
// not post again.
import { IDEMPOTENCY_HEADER, KEY_ID_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, signDeliveryBody } from "@/contract/callbacks/verify-delivery.ts";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { currentSigningKey } from "@/lib/keys/current-signing-key";
import { MAX_ATTEMPTS } from "./delivery-schedule";
import { postDelivery } from "./post-delivery";

export type DeliveryState = "succeeded" | "retrying" | "failed";

export interface AttemptResult {
  attempt: number;
  /** `superseded`: the run no longer holds the delivery (it was handed to a later run): nothing was posted. */
  state: DeliveryState | "superseded";
  responseCode: number | null;
  error: string | null;
  keyId: string;
  /** When the attempt was made (ISO-8601): the next one is due the schedule's delay after it. */
  attemptedAt: string;
}

export interface AttemptDeliveryOptions {
  prisma: PrismaClient;
  deliveryId: string;
  attempt: number;
  now: () => Date;
  allowPrivateTargets: boolean;
  /**
   * The hand-over the calling run holds (the delivery's `resumes` when it was handed over; 0 for the first).
   * A run whose delivery has since been released and handed over again (find-deliveries-to-hand-over.ts) posts
   * nothing: two runs would post every attempt twice. Unset (the development runner): not checked.
   */
  handOver?: number;
}

export async function attemptDelivery({ prisma, deliveryId, attempt, now, allowPrivateTargets, handOver }: AttemptDeliveryOptions): Promise<AttemptResult> {
  const delivery = await prisma.callbackDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
  // Held: its request's payment has not settled. Nothing is posted for a request nobody paid for.
  if (delivery.status === "held") throw new Error(`delivery ${deliveryId} is held until its request's payment settles`);
  // A release counts one more hand-over (release-failed-run.ts, find-deliveries-to-hand-over.ts): a run started
  // by an earlier one sees it. (Not dispatched_at: a run may start before its hand-over is written down.)
  if (handOver !== undefined && delivery.resumes !== handOver) {
    return { attempt, state: "superseded", responseCode: null, error: null, keyId: "", attemptedAt: now().toISOString() };
  }
  const recorded = await prisma.callbackAttempt.findUnique({ where: { deliveryId_attemptNumber: { deliveryId, attemptNumber: attempt } } });
  if (recorded) {
    return {
      attempt,
      state: delivery.status as DeliveryState,
      responseCode: recorded.responseCode,
      error: recorded.error,
      keyId: recorded.keyId ?? "",
      attemptedAt: recorded.attemptedAt.toISOString(),
    };
  }

  const startedAt = now();
  const key = await currentSigningKey(prisma, delivery.walletAddress, startedAt);
  const outcome = await postDelivery({
    url: delivery.callbackUrl,
    body: delivery.body,
    allowPrivateTargets,
    headers: {
      [SIGNATURE_HEADER]: signDeliveryBody(key.secret, delivery.body),
      [KEY_ID_HEADER]: key.keyId,
      [TIMESTAMP_HEADER]: String(Math.floor(startedAt.getTime() / 1000)),
      [IDEMPOTENCY_HEADER]: delivery.idempotencyKey,
    },
  });
  const responseCode = outcome.kind === "answered" ? outcome.status : null;
  const error = outcome.kind === "failed" ? outcome.error : null;
  const succeeded = responseCode !== null && responseCode >= 200 && responseCode < 300;
  const state: DeliveryState = succeeded ? "succeeded" : attempt >= MAX_ATTEMPTS ? "failed" : "retrying";

  await prisma.$transaction([
    prisma.callbackAttempt.create({
      data: {
        deliveryId,
        attemptNumber: attempt,
        attemptedAt: startedAt,
        responseCode,
        error,
        keyId: key.keyId,
        durationMs: Math.max(0, now().getTime() - startedAt.getTime()),
      },
    }),
    prisma.callbackDelivery.update({
      where: { id: deliveryId },
      data: {
        status: state,
        attempts: attempt,
        ...(attempt === 1 ? { firstAttemptAt: startedAt } : {}),
        lastAttemptAt: startedAt,
        lastResponseCode: responseCode,
      },
    }),
  ]);
  return { attempt, state, responseCode, error, keyId: key.keyId, attemptedAt: startedAt.toISOString() };
}
