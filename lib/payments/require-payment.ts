// The payment gate of paid endpoints, reached only with valid input and outside sandbox.
// x402 verification and settlement are not part of this release: every live paid request is answered
// 402 with the price, and nothing is charged. The x402 implementation replaces this body and keeps
// the signature (the wrapper already calls it at the right point of the order of work).
import { ServiceError } from "@/lib/errors";
import type { RequestContext } from "@/lib/http/define-endpoint";

export interface PaymentQuote {
  /** Price in USD, e.g. 0.99 or 0.99 × N for a batch. */
  amountUsd: number;
  /** What is being bought, for the ledger and messages. */
  description: string;
}

export async function requirePayment(_request: Request, quote: PaymentQuote, _context: RequestContext): Promise<never> {
  throw new ServiceError(
    "payment_required",
    `${quote.description} costs ${quote.amountUsd.toFixed(2)} USD, paid with x402. ` +
      "This deployment does not accept payments yet; add ?test=1 (or X-Service-Test: 1) for free sandbox data.",
  );
}
