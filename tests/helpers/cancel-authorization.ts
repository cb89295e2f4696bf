// A payer that cancels its EIP-3009 authorization on chain (USDC's cancelAuthorization, which TestUSDC has):
// the nonce then reads as used though nothing was transferred, and a settlement of it is refused.
import { createWalletClient, http, parseAbi, parseSignature, type Hex } from "viem";
import { chainReaderFor } from "@/lib/payments/chain-reader";
import { getPaymentConfig } from "@/lib/payments/payment-config";
import type { ChainInfo } from "./next-server";
import { chainClients, type Payer } from "./payer";

const cancelAbi = parseAbi(["function cancelAuthorization(address authorizer, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)"]);

/** Signed by the payer, sent by its wallet; resolves once the transaction is mined and succeeded. */
export async function cancelAuthorization(info: ChainInfo, payer: Payer, nonce: Hex): Promise<void> {
  const signature = await payer.account.signTypedData({
    domain: { name: "USD Coin", version: "2", chainId: info.chainId, verifyingContract: info.token },
    types: { CancelAuthorization: [{ name: "authorizer", type: "address" }, { name: "nonce", type: "bytes32" }] },
    primaryType: "CancelAuthorization",
    message: { authorizer: payer.address, nonce },
  });
  const { v, r, s } = parseSignature(signature);
  const wallet = createWalletClient({ account: payer.account, chain: chainClients(info).chain, transport: http(info.rpcUrl) });
  const hash = await wallet.writeContract({ address: info.token, abi: cancelAbi, functionName: "cancelAuthorization", args: [payer.address, nonce, Number(v), r, s] });
  const reader = chainReaderFor(getPaymentConfig()!)!;
  for (let i = 0; i < 100 && (await reader.receiptStatus(hash)) === null; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  const status = await reader.receiptStatus(hash);
  if (status !== "success") throw new Error(`cancelAuthorization did not succeed: ${status}`);
}
