// The facilitator that verifies and settles payments: in-process (our own settlement key and a JSON-RPC
// node of the network) or a remote one by URL. Never the packages' default public facilitator: the
// resource server is always given this client explicitly.
import { HTTPFacilitatorClient, x402ResourceServer, type FacilitatorClient } from "@x402/core/server";
import { x402Facilitator } from "@x402/core/facilitator";
import { toFacilitatorEvmSigner } from "@x402/evm";
import { ExactEvmScheme as ExactEvmFacilitatorScheme } from "@x402/evm/exact/facilitator";
import { ExactEvmScheme as ExactEvmServerScheme } from "@x402/evm/exact/server";
import { ExactEvmSchemeV1 } from "@x402/evm/exact/v1/facilitator";
import { createPublicClient, defineChain, encodeFunctionData, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { noteTransportError } from "./chain-context";
import type { PaymentConfig } from "./payment-config";
import { SettlementSender } from "./settlement-sender";

export interface Payments {
  config: PaymentConfig;
  facilitator: FacilitatorClient;
  server: x402ResourceServer;
}

/** Runs an RPC call for the x402 code, noting a transport failure in the chain context before rethrowing. */
async function watched<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    noteTransportError(error);
    throw error;
  }
}

function localFacilitator(config: PaymentConfig & { facilitator: { kind: "local" } }): FacilitatorClient {
  const account = privateKeyToAccount(config.facilitator.privateKey);
  const chain = defineChain({
    id: config.chainId,
    name: config.network,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.facilitator.rpcUrl] } },
  });
  // Receipts are polled at a quarter of the block time: a confirmed settlement is seen within ~¼ block.
  const pollingInterval = Math.max(50, Math.floor(config.blockTimeMs / 4));
  // Calls made in the same tick by concurrent payments travel as one JSON-RPC batch.
  const client = createPublicClient({ chain, transport: http(config.facilitator.rpcUrl, { timeout: 10_000, retryCount: 1, batch: { wait: 0 } }), pollingInterval });
  const sender = new SettlementSender({ account, client, chainId: config.chainId, blockTimeMs: config.blockTimeMs });
  // A settlement without a receipt after 15 blocks answers 503 payment_unavailable; the reconciler finishes it.
  const receiptTimeout = Math.max(10_000, 15 * config.blockTimeMs);
  const codeCache = new Map<string, { code: `0x${string}` | undefined; until: number }>();
  // Per-method wrappers: viem's own signatures are wider than the signer interface x402 declares.
  const signer = toFacilitatorEvmSigner({
    address: account.address,
    // x402 starts an asset check it may abandon unawaited: a failed lookup answers "no code" (its result is
    // then discarded, since the context says the node was unreachable) instead of an unhandled rejection.
    getCode: async (args) => {
      // Asked up to four times per payment (verify, then settle's own check) for the same payer: a wallet's
      // code changes rarely, and one block time is as stale as a read can be anyway.
      const key = args.address.toLowerCase();
      const known = codeCache.get(key);
      if (known && known.until > Date.now()) return known.code;
      try {
        const code = await client.getCode(args);
        if (codeCache.size > 10_000) codeCache.clear();
        codeCache.set(key, { code, until: Date.now() + config.blockTimeMs });
        return code;
      } catch (error) {
        if (noteTransportError(error)) return undefined;
        throw error;
      }
    },
    readContract: (args) => watched(() => client.readContract({ ...args, args: args.args ?? [] } as Parameters<typeof client.readContract>[0])),
    verifyTypedData: (args) => watched(() => client.verifyTypedData(args as Parameters<typeof client.verifyTypedData>[0])),
    writeContract: (args) =>
      watched(() =>
        sender.send({
          to: args.address,
          data: `${encodeFunctionData({ abi: args.abi, functionName: args.functionName, args: args.args ?? [] } as Parameters<typeof encodeFunctionData>[0])}${(args as { dataSuffix?: `0x${string}` }).dataSuffix?.slice(2) ?? ""}` as `0x${string}`,
        }),
      ),
    sendTransaction: (args) => watched(() => sender.send({ to: args.to, data: args.data })),
    // Our own transactions: a receipt that is slow to come makes the sender repair a nonce gap meanwhile.
    waitForTransactionReceipt: (args) => watched(() => sender.waitForReceipt(args.hash, receiptTimeout, pollingInterval)),
  }, { confirmationTimeoutMs: receiptTimeout });
  const facilitator = new x402Facilitator();
  facilitator.register(config.network, new ExactEvmFacilitatorScheme(signer));
  if (config.v1Network) facilitator.registerV1([config.v1Network as never], new ExactEvmSchemeV1(signer));
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => facilitator.getSupported() as Awaited<ReturnType<FacilitatorClient["getSupported"]>>,
  };
}

function remoteFacilitator(config: PaymentConfig & { facilitator: { kind: "remote" } }): FacilitatorClient {
  const token = config.facilitator.token;
  return new HTTPFacilitatorClient({
    url: config.facilitator.url,
    ...(token
      ? {
          createAuthHeaders: async () => {
            const headers = { Authorization: `Bearer ${token}` };
            return { verify: headers, settle: headers, supported: headers };
          },
        }
      : {}),
  });
}

let cached: { config: PaymentConfig; payments: Promise<Payments> } | undefined;

export function getPayments(config: PaymentConfig): Promise<Payments> {
  if (cached?.config === config) return cached.payments;
  const facilitator =
    config.facilitator.kind === "local"
      ? localFacilitator(config as PaymentConfig & { facilitator: { kind: "local" } })
      : remoteFacilitator(config as PaymentConfig & { facilitator: { kind: "remote" } });
  const server = new x402ResourceServer(facilitator).register(config.network, new ExactEvmServerScheme());
  const payments = server.initialize().then(() => ({ config, facilitator, server }));
  payments.catch(() => {
    if (cached?.payments === payments) cached = undefined; // try again on the next request
  });
  cached = { config, payments };
  return payments;
}
