// The facilitator that verifies and settles payments: in-process (our own settlement key and a JSON-RPC
// node of the network) or a remote one by URL. Never the packages' default public facilitator: the
// resource server is always given this client explicitly.
import { HTTPFacilitatorClient, x402ResourceServer, type FacilitatorClient } from "@x402/core/server";
import { x402Facilitator } from "@x402/core/facilitator";
import { toFacilitatorEvmSigner } from "@x402/evm";
import { ExactEvmScheme as ExactEvmFacilitatorScheme } from "@x402/evm/exact/facilitator";
import { ExactEvmScheme as ExactEvmServerScheme } from "@x402/evm/exact/server";
import { ExactEvmSchemeV1 } from "@x402/evm/exact/v1/facilitator";
import { createWalletClient, defineChain, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { PaymentConfig } from "./payment-config";

export interface Payments {
  config: PaymentConfig;
  facilitator: FacilitatorClient;
  server: x402ResourceServer;
}

function localFacilitator(config: PaymentConfig & { facilitator: { kind: "local" } }): FacilitatorClient {
  const account = privateKeyToAccount(config.facilitator.privateKey);
  const chain = defineChain({
    id: config.chainId,
    name: config.network,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.facilitator.rpcUrl] } },
  });
  const wallet = createWalletClient({ account, chain, transport: http(config.facilitator.rpcUrl) }).extend(publicActions);
  // Per-method wrappers: viem's own signatures are wider than the signer interface x402 declares.
  const signer = toFacilitatorEvmSigner({
    address: account.address,
    getCode: (args) => wallet.getCode(args),
    readContract: (args) => wallet.readContract({ ...args, args: args.args ?? [] } as Parameters<typeof wallet.readContract>[0]),
    verifyTypedData: (args) => wallet.verifyTypedData(args as Parameters<typeof wallet.verifyTypedData>[0]),
    writeContract: (args) => wallet.writeContract({ ...args, args: args.args ?? [] } as Parameters<typeof wallet.writeContract>[0]),
    sendTransaction: (args) => wallet.sendTransaction(args as Parameters<typeof wallet.sendTransaction>[0]),
    waitForTransactionReceipt: (args) => wallet.waitForTransactionReceipt(args),
  });
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
