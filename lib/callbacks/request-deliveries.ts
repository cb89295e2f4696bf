// The deliveries a paid case query (or batch) asks for: one per successful query that names a
// callback_url, recorded with the response it will carry. Sandbox requests never get here (callback_url
// is refused there).
import type { CaseResponse } from "@/contract";
import type { CaseRequest } from "@/lib/cases/parse-case-request";
import { getPrisma } from "@/lib/db";
import { createDeliveries } from "./create-deliveries";

export interface RequestDeliveriesOptions {
  /** The paying wallet (null outside paid requests: nothing is recorded). */
  wallet: string | null;
  requestId: string;
  now: Date;
  answered: ReadonlyArray<{ request: CaseRequest; response: CaseResponse }>;
  /** The response as the caller receives it (lib/v1/callback-shape.ts); the v2 body by default. */
  shape?: (response: CaseResponse) => CaseResponse | Record<string, unknown>;
}

export async function requestDeliveries({ wallet, requestId, now, answered, shape = (response) => response }: RequestDeliveriesOptions): Promise<void> {
  const wanted = answered.filter(({ request }) => request.callbackUrl !== null);
  if (!wallet || wanted.length === 0) return;
  await createDeliveries({
    prisma: await getPrisma(),
    wallet,
    requestId,
    now,
    deliveries: wanted.map(({ request, response }) => ({
      caseId: request.caseId,
      courtCode: request.court.court_code,
      callbackUrl: request.callbackUrl!,
      payload: shape(response),
      queriedAt: response.meta.queried_at,
    })),
  });
}
