// MCP tools: each one is its HTTP twin's lib function behind the HTTP twin's zod schema, so
// validation, prices and results cannot drift apart.
import { z } from "zod";
import {
  DELIVERIES_LIMIT_DEFAULT,
  DELIVERIES_LIMIT_MAX,
  batchQuerySchema,
  caseQuerySchema,
  monitorQuerySchema,
} from "@/contract";
import { caseStoreFor } from "@/lib/cases/case-store";
import { monitorCase } from "@/lib/cases/monitor-case";
import { parseCaseRequest, parseMonitorRequest } from "@/lib/cases/parse-case-request";
import { parseBatchRequest, queryBatch } from "@/lib/cases/query-batch";
import { queryCase } from "@/lib/cases/query-case";
import type { RequestContext } from "@/lib/http/define-endpoint";
import { ServiceError } from "@/lib/errors";
import { parseWith } from "@/lib/http/parse-input";
import { batchQuote, usd, type PaymentQuote } from "@/lib/payments/build-requirements";
import { runPaid, type PaidResult, type RunPaidOptions } from "@/lib/payments/run-paid";
import { pricePerQueryUsd } from "@/lib/pricing";
import { getPaymentConfig } from "@/lib/payments/payment-config";
import { listDeliveries } from "@/lib/callbacks/list-deliveries";
import { decodeCursor } from "@/lib/deliveries/cursor";
import { getPrisma } from "@/lib/db";
import { getKeyState } from "@/lib/keys/get-key-state";
import { sandboxDeliveries, sandboxKeyState } from "@/lib/sandbox/wallet";
import { logEvent } from "@/lib/log";
import { courtListToolResult, statusToolResult } from "./registry-tool-results";

const paymentTx = z
  .string({ error: "a payment is the base64 PaymentPayload, a string" })
  .min(1, { error: "a payment is the base64 PaymentPayload: this one is empty" })
  .describe(
    'The x402 payment for this call: the base64 PaymentPayload (what HTTP carries in PAYMENT-SIGNATURE), signed for the requirements of this tool\'s payment_required error (error.data.accepts). x402 MCP clients may instead send the PaymentPayload object in params._meta["x402/payment"].',
  )
  .optional();

/** How an MCP caller passes a payment, for the 402's instructions (an MCP caller cannot send HTTP headers). */
const PROOF_IN = 'the payment_tx argument (the base64 PaymentPayload) or params._meta["x402/payment"] (the PaymentPayload object)';
/** An MCP caller gets no HTTP headers: the terms are in the JSON-RPC error's data. */
const MCP_REQUIREMENTS_IN = "error.data.payment_requirements, or x402's error.data.accepts";
const KEYS_PROOF_IN = 'the payment_tx_keys argument (the base64 PaymentPayload) or params._meta["x402/payment"] (the PaymentPayload object)';

/** What a tools/call carries besides its arguments. */
export interface ToolCallExtras {
  /** params._meta["x402/payment"], base64-encoded like payment_tx. */
  metaPayment?: string;
}

/** The payment of a call: payment_tx or _meta["x402/payment"] (the same payload twice is fine; two different ones are not). */
function proofOf(argument: string | undefined, extras: ToolCallExtras | undefined, name = "payment_tx"): string | undefined {
  const fromMeta = extras?.metaPayment;
  if (argument !== undefined && fromMeta !== undefined && argument !== fromMeta) {
    throw new ServiceError("invalid_parameter", `Send one payment: ${name} and _meta["x402/payment"] carry different payloads.`, { parameter: name });
  }
  return argument ?? fromMeta;
}

/** A tool's answer: the same JSON as its HTTP twin, and the settlement of its payment, if any. */
export interface ToolResult {
  /** The result (unless `serialized` gives it). */
  value?: unknown;
  /**
   * `value` already serialized: pieces of JSON text whose concatenation is JSON.stringify(value). A piece with a
   * `key` is the same text wherever that key is given (the court registry, ~900 KB), so the result is copied,
   * not serialized, and its escaped copy for the text content is made once per key (handle-mcp-request.ts).
   */
  serialized?: ReadonlyArray<{ json: string; key?: string }>;
  /** What HTTP sends as PAYMENT-RESPONSE, for the result's `_meta`. */
  payment?: Record<string, string>;
  /** service_wallet_info's second payment (the delivery history's), when it was settled. */
  deliveriesPayment?: Record<string, string>;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  /** Published as the tool's JSON Schema and used to validate its arguments. */
  input: z.ZodType;
  run: (args: Record<string, unknown>, context: RequestContext, extras?: ToolCallExtras) => Promise<ToolResult>;
}

const cost = (context: RequestContext) => (context.meta.sandbox ? 0 : pricePerQueryUsd());

/**
 * The HTTP endpoints' order of work, for a tool: free in the sandbox; otherwise payment_tx is verified,
 * reserved and settled only when the work succeeds (lib/payments/run-paid.ts).
 */
async function paid<T>(
  context: RequestContext,
  tool: string,
  proof: string | undefined,
  /** The tool's arguments without payments: with the tool, what makes two calls "the same request". */
  asked: unknown,
  quote: PaymentQuote,
  work: () => Promise<T>,
  options: Pick<RunPaidOptions<T>, "successes" | "proofIn" | "privateAnswer"> = {},
): Promise<ToolResult> {
  if (context.meta.sandbox) return { value: await work() };
  const settled = await runPaid({
    ...options,
    proofIn: options.proofIn ?? PROOF_IN,
    requirementsIn: MCP_REQUIREMENTS_IN,
    proof: proof ?? null,
    quote,
    resourceUrl: `${context.baseUrl}/v2/mcp#${tool}`,
    endpoint: `MCP ${tool}`,
    requestId: context.meta.request_id,
    fingerprint: `MCP ${tool}\n${JSON.stringify(asked)}`,
    work: async (payer) => {
      context.wallet = payer;
      return work();
    },
  });
  return { value: settled.result, payment: settled.headers };
}

const caseToolInput = caseQuerySchema.omit({ callback_url: true }).extend({ payment_tx: paymentTx }).strict();
const monitorToolInput = monitorQuerySchema.omit({ callback_url: true }).extend({ payment_tx: paymentTx }).strict();
const batchToolQuery = batchQuerySchema.omit({ callback_url: true });
const batchToolInput = z
  .strictObject({
    queries: z
      .array(batchToolQuery)
      .min(1)
      .max(50)
      .describe("1 to 50 case queries, each with case_id and court_code and the options of service_case_query; one payment of 0.99 USD x N pays for all."),
    payment_tx: paymentTx,
  });
/** The batch tool's other arguments: its queries are read once, by parseBatchRequest with batchToolQuery. */
const batchToolRest = batchToolInput.extend({ queries: z.unknown() });
const noArguments = z.strictObject({});
const courtListInput = z.strictObject({
  include_planned: z.boolean().default(true).describe("Include courts whose coverage is planned (not served yet: queries answer 422). Default true."),
});
const DELIVERIES_LIMIT_RULE = `deliveries_limit must be a whole number from 1 to ${DELIVERIES_LIMIT_MAX}`;
const DELIVERIES_CURSOR_RULE = "deliveries_cursor must be a deliveries.next_cursor value from a previous answer";
const walletToolInput = z.strictObject({
  include_deliveries: z.boolean().default(false).describe("Also list the wallet's callback delivery history: a second payment of 0.99 USD, in payment_tx_deliveries."),
  deliveries_limit: z
    .number({ error: DELIVERIES_LIMIT_RULE })
    .int({ error: DELIVERIES_LIMIT_RULE })
    .min(1, { error: DELIVERIES_LIMIT_RULE })
    .max(DELIVERIES_LIMIT_MAX, { error: DELIVERIES_LIMIT_RULE })
    .default(DELIVERIES_LIMIT_DEFAULT)
    .describe(`With include_deliveries: how many deliveries, newest first (1 to ${DELIVERIES_LIMIT_MAX}, default ${DELIVERIES_LIMIT_DEFAULT}).`),
  deliveries_cursor: z
    .string()
    .min(1, { error: DELIVERIES_CURSOR_RULE })
    .describe("With include_deliveries: deliveries.next_cursor of a previous answer, for the next page further back (as GET /v2/wallet/deliveries' cursor).")
    .optional(),
  payment_tx_keys: paymentTx.describe(
    'The x402 payment (base64 PaymentPayload) of the signing key state, 0.99 USD; its payer is the wallet whose keys and deliveries are read. Or send the PaymentPayload object in params._meta["x402/payment"].',
  ),
  payment_tx_deliveries: paymentTx.describe(
    "With include_deliveries: a second, separate x402 payment (base64 PaymentPayload with its own authorization nonce) of 0.99 USD for the delivery history, by the same wallet.",
  ),
});

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: "service_status",
    title: "Service status",
    description: "Free. Operational status, API version and the whole court registry (GET /v2/status).",
    input: noArguments,
    run: async (args, context) => {
      parseWith(noArguments, args);
      return statusToolResult(context.meta, context.baseUrl);
    },
  },
  {
    name: "service_court_list",
    title: "Court list",
    description: "Free. Courts with codes, names, jurisdictions and case id patterns; planned courts included unless include_planned is false.",
    input: courtListInput,
    run: async (args, context) => {
      return courtListToolResult(parseWith(courtListInput, args).include_planned, context.meta.sandbox);
    },
  },
  {
    name: "service_pricing",
    title: "Pricing",
    description: "Free. Per-query price, free endpoints and the payment protocol.",
    input: noArguments,
    run: async (args) => ({ value: pricing(args) }),
  },
  {
    name: "service_case_query",
    title: "Query a case",
    description: "0.99 USD. One case: header, parties, docket and, with last_checked, the delta of new filings (GET /v2/case).",
    input: caseToolInput,
    run: async (args, context, extras) => {
      const { payment_tx, ...query } = parseWith(caseToolInput, args);
      const request = parseCaseRequest(query, context.now, { sandbox: context.meta.sandbox });
      return paid(context, "service_case_query", proofOf(payment_tx, extras), query, { queries: 1, description: "A case query" }, () =>
        queryCase({ request, store: caseStoreFor(context.meta.sandbox), meta: context.meta, queryCostUsd: cost(context), now: context.now }),
      );
    },
  },
  {
    name: "service_case_monitor",
    title: "Check a case for changes",
    description: "0.99 USD. Whether anything was filed since last_checked (GET /v2/monitor).",
    input: monitorToolInput,
    run: async (args, context, extras) => {
      const { payment_tx, ...query } = parseWith(monitorToolInput, args);
      const request = parseMonitorRequest(query, context.now, { sandbox: context.meta.sandbox });
      return paid(context, "service_case_monitor", proofOf(payment_tx, extras), query, { queries: 1, description: "A monitor check" }, () =>
        monitorCase({ request, store: caseStoreFor(context.meta.sandbox), meta: context.meta, queryCostUsd: cost(context), now: context.now }),
      );
    },
  },
  {
    name: "service_case_batch",
    title: "Query up to 50 cases",
    description: "0.99 USD x N. Up to 50 case queries with one payment (POST /v2/cases/batch).",
    input: batchToolInput,
    run: async (args, context, extras) => {
      // Length rules first, as on HTTP (more than 50 is batch_too_large, not a schema error).
      // callback_url is no argument here (mcp.md): each query is read with the tool's own schema, so it is refused
      // as the unknown field it is, not as HTTP's sandbox refuses it ("deliveries are made for paid queries").
      const requests = parseBatchRequest({ queries: args.queries }, context.now, { sandbox: context.meta.sandbox, querySchema: batchToolQuery });
      const { payment_tx } = parseWith(batchToolRest, args);
      return paid(
        context,
        "service_case_batch",
        proofOf(payment_tx, extras),
        args.queries,
        batchQuote(requests.length),
        () =>
          queryBatch({
            requests,
            store: caseStoreFor(context.meta.sandbox),
            meta: context.meta,
            sandbox: context.meta.sandbox,
            now: context.now,
            baseUrl: context.baseUrl,
          }),
        { successes: (response) => response.meta.successful },
      );
    },
  },
  {
    name: "service_wallet_info",
    title: "Wallet signing keys and deliveries",
    description:
      "0.99 USD for the signing key state (GET /v2/wallet/keys); with include_deliveries a second payment of 0.99 USD adds the delivery history (GET /v2/wallet/deliveries).",
    input: walletToolInput,
    run: async (args, context, extras) => {
      const parsed = parseWith(walletToolInput, args);
      const keysProof = proofOf(parsed.payment_tx_keys, extras, "payment_tx_keys");
      if (keysProof !== undefined && keysProof === parsed.payment_tx_deliveries) {
        throw new ServiceError(
          "invalid_parameter",
          "payment_tx_deliveries carries the same payment as payment_tx_keys: the delivery history takes a second, separate payment (its own authorization nonce). Nothing was charged.",
          { parameter: "payment_tx_deliveries" },
        );
      }
      if (!parsed.include_deliveries && parsed.payment_tx_deliveries !== undefined) {
        throw new ServiceError(
          "invalid_parameter",
          "payment_tx_deliveries pays for the delivery history; send include_deliveries: true with it, or leave it out.",
          { parameter: "payment_tx_deliveries" },
        );
      }
      if (parsed.deliveries_cursor !== undefined) {
        if (!parsed.include_deliveries) {
          throw new ServiceError("invalid_parameter", "deliveries_cursor pages the delivery history; send include_deliveries: true with it, or leave it out.", {
            parameter: "deliveries_cursor",
          });
        }
        // Checked before payment, as the HTTP endpoint checks its cursor (under this tool's argument name).
        try {
          decodeCursor(parsed.deliveries_cursor);
        } catch {
          throw new ServiceError("invalid_parameter", `${DELIVERIES_CURSOR_RULE}. Nothing was charged.`, { parameter: "deliveries_cursor" });
        }
      }
      const page = { limit: parsed.deliveries_limit, cursor: parsed.deliveries_cursor ?? null, status: null, since: null };
      if (context.meta.sandbox) {
        return {
          value: {
            keys: sandboxKeyState(context.meta),
            ...(parsed.include_deliveries ? { deliveries: sandboxDeliveries(context.meta, page) } : {}),
          },
        };
      }
      const keysFor = async (wallet: string) =>
        getKeyState({ prisma: await getPrisma(), wallet, meta: context.meta, queryCostUsd: pricePerQueryUsd(), now: context.now });
      const keysQuote = { queries: 1, description: "Reading the wallet's signing key state" };
      if (!parsed.include_deliveries) {
        // The wallet's own data: never kept for a repeat of the payment to fetch (run-paid.ts, privateAnswer).
        return paid(context, "service_wallet_info", keysProof, { keys: true }, keysQuote, async () => ({ keys: await keysFor(context.wallet!) }), {
          proofIn: KEYS_PROOF_IN,
          privateAnswer: true,
        });
      }
      // Two payments, both verified before any work and settled only when it succeeded: the delivery
      // history's (inner) first, then the keys' (outer). The wallet must hold both before either is charged, so
      // the second settlement does not fail for want of funds after the first (check-balance.ts).
      const asked = { include_deliveries: true, deliveries_limit: parsed.deliveries_limit, deliveries_cursor: parsed.deliveries_cursor ?? null };
      // Set by the inner payment once charged (or broadcast); read if the outer one fails after it.
      const charged: { deliveries: PaidResult<unknown> | null } = { deliveries: null };
      const keysAndDeliveries = async () => {
        const wallet = context.wallet!;
        const inner = await runPaid({
          requirementsIn: MCP_REQUIREMENTS_IN,
          proofIn: `the payment_tx_deliveries argument: a second x402 payment (base64 PaymentPayload, its own authorization nonce) of ${usd(pricePerQueryUsd())} USD by the wallet that paid payment_tx_keys`,
          proof: parsed.payment_tx_deliveries ?? null,
          quote: { queries: 1, description: "Reading the wallet's delivery history" },
          resourceUrl: `${context.baseUrl}/v2/mcp#service_wallet_info.deliveries`,
          endpoint: "MCP service_wallet_info (deliveries)",
          requestId: context.meta.request_id,
          fingerprint: `MCP service_wallet_info (deliveries)\n${JSON.stringify(asked)}`,
          privateAnswer: true,
          requiredBalanceQueries: 2,
          work: async (payer) => {
            if (payer !== wallet) {
              throw new ServiceError(
                "invalid_parameter",
                "payment_tx_keys and payment_tx_deliveries must be paid by the same wallet: the wallet whose keys and deliveries these are.",
                { parameter: "payment_tx_deliveries" },
              );
            }
            return {
              keys: await keysFor(wallet),
              deliveries: await listDeliveries({ prisma: await getPrisma(), wallet, page, meta: context.meta, queryCostUsd: pricePerQueryUsd() }),
            };
          },
        });
        if (inner.settled || inner.settlementPending) charged.deliveries = inner;
        return inner.result;
      };
      // Both payments are named at once: the first 402 already tells the caller it needs two.
      const bothProofsIn =
        `${KEYS_PROOF_IN}, and a second, separate x402 payment of the same ${usd(pricePerQueryUsd())} USD (signed for the same requirements, with its own ` +
        `authorization nonce) in payment_tx_deliveries: ${usd(2 * pricePerQueryUsd())} USD in all for the key state and the delivery history`;
      try {
        const answer = await paid(context, "service_wallet_info", keysProof, asked, keysQuote, keysAndDeliveries, { proofIn: bothProofsIn, privateAnswer: true });
        // Two charges, two receipts: the delivery history's settlement too, not only the key state's.
        return charged.deliveries?.settled ? { ...answer, deliveriesPayment: charged.deliveries.headers } : answer;
      } catch (error) {
        // Two transfers are never one: the keys' payment failed after the delivery history's was charged (or
        // broadcast), e.g. the wallet spent its funds in between, past the balance check. The caller paid for
        // this answer and it is kept nowhere: it is delivered, the keys' part unpaid, never a charge without it.
        const paidDeliveries = charged.deliveries;
        if (!paidDeliveries) throw error;
        logEvent("warn", "service_wallet_info: the keys' payment failed after the delivery history's was charged; answered", {
          request_id: context.meta.request_id,
          detail: error instanceof Error ? error.message.slice(0, 300) : String(error),
        });
        return { value: paidDeliveries.result, deliveriesPayment: paidDeliveries.headers };
      }
    },
  },
];

/** service_pricing: what a query costs here, and how to pay (the configured network and token). */
function pricing(args: Record<string, unknown>) {
  parseWith(noArguments, args);
  const config = getPaymentConfig();
  const price = pricePerQueryUsd();
  return {
    query_cost_usd: price,
    currency: "USD",
    payment_protocol: "x402",
    payments_accepted: config !== null,
    networks: config
      ? [
          {
            network: config.network,
            ...(config.v1Network ? { x402_v1_network: config.v1Network } : {}),
            scheme: "exact",
            asset: config.asset,
            asset_decimals: config.decimals,
            pay_to: config.payTo,
            amount_per_query: config.pricePerQueryBaseUnits.toString(),
          },
        ]
      : [],
    free: ["GET /v2/status", "service_status", "service_court_list", "service_pricing", "sandbox mode (?test=1)"],
    // price_usd is always a number (a batch's was the text "0.99 x N"); `per` says what it is charged for.
    paid: [
      { endpoint: "GET /v2/case", tool: "service_case_query", price_usd: price, per: "request" },
      { endpoint: "GET /v2/monitor", tool: "service_case_monitor", price_usd: price, per: "request" },
      { endpoint: "POST /v2/cases/batch", tool: "service_case_batch", price_usd: price, per: "query of the batch" },
      { endpoint: "GET/POST /v2/wallet/keys", tool: "service_wallet_info", price_usd: price, per: "request" },
      { endpoint: "GET /v2/wallet/deliveries", tool: "service_wallet_info (include_deliveries)", price_usd: price, per: "request" },
    ],
  };
}

export function toolJsonSchema(tool: ToolDefinition): Record<string, unknown> {
  const { $schema: _schema, ...schema } = z.toJSONSchema(tool.input, { io: "input", unrepresentable: "any" });
  return schema;
}
