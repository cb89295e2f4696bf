// The x402 facilitators' refusal codes, in words an agent developer can act on. Unknown codes are
// shown as they are (they are identifiers, never internal detail).
import { usd, type Requirements } from "./build-requirements";

/** Our own reason, not x402's: the authorization's nonce reads as used because the payer canceled it. */
export const AUTHORIZATION_CANCELED = "authorization_canceled";

export function describeRefusal(reason: string | undefined, requirements: Requirements): string {
  const price = `${requirements.amount} base units (${requirements.amountUsd} USD)`;
  switch (reason) {
    case "invalid_exact_evm_recipient_mismatch":
      return `The payment is made out to another recipient; pay ${requirements.v2.payTo}.`;
    case "invalid_exact_evm_payload_authorization_value_mismatch":
      return `The payment amount is not the price of this request: exactly ${price} are required.`;
    case "invalid_exact_evm_payload_authorization_valid_before":
      return "The payment authorization has expired (validBefore is past); sign a new one.";
    case "invalid_exact_evm_payload_authorization_valid_after":
      return "The payment authorization is not valid yet (validAfter is in the future).";
    case "invalid_exact_evm_signature":
      return "The payment signature does not verify: it was not signed by the paying wallet for these terms.";
    case "invalid_exact_evm_insufficient_balance":
      return `The paying wallet does not hold enough of the token for ${price}.`;
    case "invalid_exact_evm_nonce_already_used":
      return "This payment authorization has already been used on-chain; sign a new one.";
    case "invalid_exact_evm_network_mismatch":
      return `The payment is for another network; pay on ${requirements.v2.network}.`;
    case "invalid_exact_evm_missing_eip712_domain":
    case "invalid_exact_evm_token_name_mismatch":
    case "invalid_exact_evm_token_version_mismatch":
      return `The payment was signed for another token domain; use ${JSON.stringify(requirements.v2.extra)} for ${requirements.v2.asset}.`;
    case "invalid_exact_evm_scheme":
      return 'Only the "exact" scheme is accepted.';
    case "invalid_exact_evm_transaction_simulation_failed":
    case "invalid_exact_evm_eip3009_not_supported":
      return "The token contract refused this payment authorization.";
    case AUTHORIZATION_CANCELED:
      return "The paying wallet canceled this payment's authorization (EIP-3009 cancelAuthorization) before it was settled; sign a new one.";
    case "settlement_pending":
      return "The payment transaction did not confirm in time. Nothing was charged; retry with a new payment.";
    default:
      return `The payment was refused (${reason ?? "no reason given"}).`;
  }
}

export { usd };
