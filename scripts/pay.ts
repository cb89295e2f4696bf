// `npm run pay -- <url> [--post <json body>]`: pays for one answer with the official x402 client
// (@x402/fetch), as an agent would, and prints the answer and the settlement (PAYMENT-RESPONSE).
// Against `npm run dev:paid` it uses that mode's dev wallet, network and token (.data/local-payments.json);
// elsewhere set PAY_PRIVATE_KEY, PAY_NETWORK and PAY_ASSET (Base: eip155:8453 and USDC
// 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913).
import { decodePaymentResponseHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import { readLocalPayments } from "./local-payments/state";

const args = process.argv.slice(2);
const url = args.find((arg) => /^https?:\/\//.test(arg));
const postIndex = args.indexOf("--post");
if (!url) {
  console.error("Usage: npm run pay -- <url> [--post '<json body>']   e.g. npm run pay -- 'http://localhost:3000/v2/case?case_id=1:23-cv-04567&court_code=nysd'");
  process.exit(2);
}
const local = readLocalPayments();
const privateKey = (process.env.PAY_PRIVATE_KEY ?? local?.devWallet.privateKey) as `0x${string}` | undefined;
const network = (process.env.PAY_NETWORK ?? local?.network) as `${string}:${string}` | undefined;
const asset = process.env.PAY_ASSET ?? local?.asset;
if (!privateKey || !network || !asset) {
  console.error("No wallet to pay with: start `npm run dev:paid` first, or set PAY_PRIVATE_KEY, PAY_NETWORK and PAY_ASSET.");
  process.exit(2);
}

const client = new x402Client()
  .register(network, new ExactEvmScheme(privateKeyToAccount(privateKey)))
  // Pay only this token, at most 1 USDC per payment (a 50-query batch needs "49500000").
  .setSpendControls({ allowedAssets: [{ network, asset, maxAmountPerPayment: process.env.PAY_MAX_AMOUNT ?? "1000000" }] });
const payFetch = wrapFetchWithPayment(fetch, client);

const response = await payFetch(
  url,
  postIndex >= 0 ? { method: "POST", headers: { "content-type": "application/json" }, body: args[postIndex + 1] ?? "{}" } : undefined,
);
const body = await response.text();
console.log(`HTTP ${response.status}`);
try {
  console.log(JSON.stringify(JSON.parse(body), null, 2));
} catch {
  console.log(body);
}
const settlement = response.headers.get("payment-response") ?? response.headers.get("x-payment-response");
if (settlement) {
  console.log(`PAYMENT-RESPONSE: ${settlement}`);
  console.log(`settlement: ${JSON.stringify(decodePaymentResponseHeader(settlement))}`);
} else {
  console.log("PAYMENT-RESPONSE: (none: nothing was charged)");
}
// Exit once stdout has taken everything: a pipe is written asynchronously, and exiting at once cut large answers.
process.stdout.write("", () => process.exit(response.ok ? 0 : 1));
