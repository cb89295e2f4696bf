// Whether the payer holds the token for several payments at once. The facilitator checks each payment alone,
// so a call paid by two payments of one wallet (MCP's service_wallet_info with its delivery history) could
// have its first payment charged and its second refused for want of funds: the call would fail after a
// charge. Checked before the work, where this deployment has a chain node to read.
import type { Address } from "viem";
import { usd, type Requirements } from "./build-requirements";
import { chainReaderFor } from "./chain-reader";
import type { PaymentConfig } from "./payment-config";
import { paymentRequired, paymentUnavailable } from "./payment-errors";
import type { VerifiedPayment } from "./verify-payment";

export interface CheckBalanceOptions {
  config: PaymentConfig;
  payment: VerifiedPayment;
  /** This payment's terms, for the 402. */
  requirements: Requirements;
  /** How many queries' price the wallet must hold in all. */
  queries: number;
  retryAfterSeconds: number;
}

export async function checkBalance({ config, payment, requirements, queries, retryAfterSeconds }: CheckBalanceOptions): Promise<void> {
  const chain = chainReaderFor(config);
  if (!chain) return; // no node to read: each payment's own check at verification is all there is
  const needed = config.pricePerQueryBaseUnits * BigInt(queries);
  let held: bigint;
  try {
    held = await chain.balanceOf(payment.payer as Address);
  } catch {
    throw paymentUnavailable(
      `The payment could not be checked: the payment network's node cannot be reached. Nothing was charged; repeat the request with the same payments in ${Math.ceil(retryAfterSeconds)} s.`,
      retryAfterSeconds,
    );
  }
  if (held < needed) {
    throw paymentRequired(
      requirements,
      `This call takes ${queries} payments of ${requirements.amountUsd} USD (${usd(config.pricePerQueryUsd * queries)} USD in all) from one wallet, and ` +
        `the paying wallet does not hold enough of the token for all of them. Nothing was charged.`,
    );
  }
}
