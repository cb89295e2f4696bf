// A paying agent for the tests: a wallet on the local chain with test USDC, and the official x402 client
// (`@x402/fetch`) set up the way an agent developer would set it up.
import { x402Client, x402HTTPClient, wrapFetchWithPayment } from "@x402/fetch";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { ExactEvmSchemeV1 } from "@x402/evm/exact/v1/client";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { createPublicClient, createWalletClient, defineChain, http, parseAbi, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { ChainInfo } from "./next-server";

const tokenAbi = parseAbi([
  "function mint(address to, uint256 value)",
  "function balanceOf(address owner) view returns (uint256)",
]);

export function chainClients(info: ChainInfo) {
  const chain = defineChain({
    id: info.chainId,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [info.rpcUrl] } },
  });
  // Polled often: on a chain that mines every 2 s, viem's default (4 s) would double every wait.
  const publicClient = createPublicClient({ chain, transport: http(info.rpcUrl), pollingInterval: 100 });
  return {
    chain,
    publicClient,
    balanceOf: (address: Address) => publicClient.readContract({ address: info.token, abi: tokenAbi, functionName: "balanceOf", args: [address] }),
  };
}

export interface Payer {
  address: Address;
  account: ReturnType<typeof privateKeyToAccount>;
  client: x402Client;
  /** fetch that pays x402 402s once, like an agent's. */
  payFetch: typeof fetch;
  mint(amount: bigint): Promise<void>;
  balance(): Promise<bigint>;
  /** A PAYMENT-SIGNATURE value for a 402 answer, made by the official client (optionally for edited terms). */
  paymentFor(response: Response, edit?: (required: PaymentRequired) => PaymentRequired): Promise<string>;
  /** An x402 v1 payment (X-PAYMENT) for a 402 answer's v1 body. */
  v1PaymentFor(body: { x402Version: 1; accepts: unknown[] }): Promise<string>;
}

export function makePayer(info: ChainInfo, index: number): Payer {
  const account = privateKeyToAccount(info.privateKeys[index]!);
  const { chain, publicClient, balanceOf } = chainClients(info);
  const wallet = createWalletClient({ account, chain, transport: http(info.rpcUrl) });
  const client = new x402Client()
    .register(info.network as `${string}:${string}`, new ExactEvmScheme(account))
    // A custom token is paid only once the agent allows it (the official client's spend controls).
    .setSpendControls({ allowedAssets: [{ network: info.network as `${string}:${string}`, asset: info.token, maxAmountPerPayment: "60000000" }] });
  const v1Client = new x402Client()
    .registerV1("base-sepolia", new ExactEvmSchemeV1(account))
    .setSpendControls({ allowedAssets: [{ network: "base-sepolia" as `${string}:${string}`, asset: info.token, maxAmountPerPayment: "60000000" }] });
  return {
    address: account.address,
    account,
    client,
    payFetch: wrapFetchWithPayment(fetch, client),
    async mint(amount) {
      const hash = await wallet.writeContract({ address: info.token, abi: tokenAbi, functionName: "mint", args: [account.address, amount] });
      await publicClient.waitForTransactionReceipt({ hash });
    },
    balance: () => balanceOf(account.address),
    async paymentFor(response, edit) {
      const header = response.headers.get("payment-required");
      if (!header) throw new Error(`no PAYMENT-REQUIRED header (status ${response.status})`);
      const required = decodePaymentRequiredHeader(header);
      const payload = await client.createPaymentPayload(edit ? edit(required) : required);
      return encodePaymentSignatureHeader(payload);
    },
    async v1PaymentFor(body) {
      const payload = await v1Client.createPaymentPayload(body as unknown as PaymentRequired);
      return new x402HTTPClient(v1Client).encodePaymentSignatureHeader(payload)["X-PAYMENT"]!;
    },
  };
}
