// The one wrapper every route handler goes through (DESIGN.md "A request's path"): request id, tag,
// sandbox switch, input parsing, the payment gate, the lib call, response validation against the
// contract, and the single error envelope. Framework-free: standard Request in, Response out.
import type { z } from "zod";
import { MAX_TAG_LENGTH, errorEnvelopeSchema, type ErrorEnvelope } from "@/contract";
import { now as clockNow } from "@/lib/clock";
import { getEnv } from "@/lib/env";
import { ServiceError, internalError, toErrorObject } from "@/lib/errors";
import { limitSandbox } from "@/lib/limits/limit-sandbox";
import { logError } from "@/lib/log";
import { errorMeta, newRequestId, type MetaBase } from "@/lib/meta";
import type { PaymentQuote } from "@/lib/payments/build-requirements";
import { SettlementPending } from "@/lib/payments/payment-errors";
import { runPaid } from "@/lib/payments/run-paid";
import { withFetchCause } from "@/lib/sources/fetch-cause";
import { characterCount, headerText } from "./header-text";
import { deploymentOrigin } from "./public-origin";

export interface RequestContext {
  meta: MetaBase;
  now: Date;
  baseUrl: string;
  request: Request;
  /** The paying wallet (lowercase), once the payment is verified; null on free and sandbox requests. */
  wallet: string | null;
}

export interface EndpointDefinition<Input, Output> {
  /** For logs and the payment ledger, e.g. "GET /v2/case". */
  name: string;
  /** The contract's 200 response schema: every success body is checked against it. */
  response: z.ZodType<Output>;
  /**
   * The check against `response` where an endpoint knows which parts of its body were checked already
   * (lib/cases/check-case-response.ts): the contract's issues, or null. Default: the schema, in full.
   */
  check?: (output: Output) => readonly unknown[] | null;
  /** Paid endpoints: the price of this request. Asked only after the input is valid. */
  price?: (input: Input) => PaymentQuote;
  /** Paid endpoints: how many of the paid queries succeeded (a batch's `successful`); default 1. */
  successes?: (output: Output) => number;
  /**
   * Paid endpoints whose answer is the paying wallet's own (keys, deliveries): never kept, so the same
   * payment presented again is refused as used rather than answered (lib/payments/run-paid.ts).
   */
  privateAnswer?: boolean;
  parse: (request: Request, context: RequestContext) => Input | Promise<Input>;
  run: (input: Input, context: RequestContext) => Output | Promise<Output>;
  /**
   * Paid endpoints: called once the payment is decided, after the work ran: settled (the work's side
   * effects, such as handing callback deliveries over, go ahead) or not (they are undone). When settled it
   * runs after the answer is returned and never delays it (spec, Events 1).
   */
  afterPayment?: (settled: boolean, context: RequestContext) => Promise<void>;
  /**
   * How work after the answer is kept alive: the route passes Next's after() (app/after-response.ts), so a
   * serverless function is not frozen before it is done. Default: the work runs on, unawaited.
   */
  afterResponse?: (task: () => Promise<void>) => void;
  /**
   * The success body, when JSON.stringify of the whole answer at once would hold the event loop too long
   * (a 10 MB batch): a stream of the same bytes, serialized piece by piece. Default: JSON.stringify.
   */
  serialize?: (output: Output) => BodyInit;
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" } as const;

/** What makes two paid requests "the same request": the parsed input, with sets and dates made plain. */
function requestFingerprint(name: string, pathAndQuery: string, input: unknown): string {
  const plain = JSON.stringify(input, (_key, value: unknown) =>
    value instanceof Set ? [...value].map(String).sort() : value instanceof Map ? [...value.entries()] : value,
  );
  return `${name}\n${pathAndQuery}\n${plain ?? ""}`;
}

/** The x402 payment proof: v2's PAYMENT-SIGNATURE, or v1's X-PAYMENT. */
function paymentProof(request: Request): string | null {
  return request.headers.get("payment-signature") ?? request.headers.get("x-payment");
}

export function defineEndpoint<Input, Output>(
  definition: EndpointDefinition<Input, Output>,
): (request: Request) => Promise<Response> {
  return async (request: Request) => {
    const context = beginRequest(request);
    const { meta } = context;
    try {
      applyRequestSwitches(context);
      const input = await definition.parse(request, context);
      // The body is checked against the contract before any payment is settled: a body that breaks the
      // contract is our bug, and is neither sent nor charged.
      // Court-system fees the work causes are recorded against this request's id (lib/sources/fetch-cause.ts).
      const produce = async () =>
        withFetchCause(meta.request_id, async () => checkedOutput(definition, await definition.run(input, context), context));
      if (meta.sandbox) {
        await limitSandbox(request);
        return successResponse(await produce(), context, {}, definition.serialize);
      }
      if (!definition.price) return successResponse(await produce(), context, {}, definition.serialize);
      let worked = false;
      const resourceUrl = `${context.baseUrl}${new URL(request.url).pathname}${new URL(request.url).search}`;
      try {
        const paid = await runPaid({
          proof: paymentProof(request),
          quote: definition.price(input),
          resourceUrl,
          endpoint: definition.name,
          requestId: meta.request_id,
          // Path and query, not the origin: one deployment answers under several host names.
          fingerprint: requestFingerprint(definition.name, `${new URL(request.url).pathname}${new URL(request.url).search}`, input),
          work: async (payer) => {
            context.wallet = payer;
            const output = await produce();
            worked = true;
            return output;
          },
          successes: definition.successes,
          privateAnswer: definition.privateAnswer,
          answerText: (output) => answerText(definition, output),
        });
        if (paid.replayed) {
          // The stored answer of an earlier presentation of this payment: its request id, nothing run again.
          return successResponse(paid.result, context, { ...paid.headers, "x-request-id": paid.requestId }, definition.serialize);
        }
        // Paid for and answered: what follows (handing deliveries over) runs after the answer is sent, and a
        // failure there is logged, never the caller's problem (the sweep hands over what was not).
        if (definition.afterPayment) {
          const afterPayment = definition.afterPayment;
          const task = () => afterPayment(paid.settled, context).catch((failure) => logError(meta.request_id, "after-payment step failed", failure));
          (definition.afterResponse ?? ((work) => void work()))(task);
        }
        return successResponse(paid.result, context, paid.headers, definition.serialize);
      } catch (error) {
        // Not while a sent settlement is still unconfirmed: it may yet be charged, and its settlement then
        // releases the request's held deliveries (close-payment.ts).
        if (worked && !(error instanceof SettlementPending)) {
          await definition.afterPayment?.(false, context).catch((cleanup) => logError(meta.request_id, "undoing unpaid work failed", cleanup));
        }
        throw error;
      }
    } catch (error) {
      return errorResponse(error, context, definition.name);
    }
  };
}

/** A fresh context: request id and time. Sandbox and tag are resolved by applyRequestSwitches. */
export function beginRequest(request: Request): RequestContext {
  const now = clockNow();
  const meta: MetaBase = { request_id: newRequestId(), queried_at: now.toISOString(), sandbox: false, tag: null };
  return { meta, now, baseUrl: resolveBaseUrl(request), request, wallet: null };
}

/** Reads the sandbox switch and the tag header into the context; throws a 400 ServiceError on bad values. */
export function applyRequestSwitches(context: RequestContext): void {
  context.meta.sandbox = detectSandbox(context.request);
  context.meta.tag = readTag(context.request);
}

/** `?test=1` or `X-Service-Test: 1`. Any other value is refused rather than silently treated as live. */
function detectSandbox(request: Request): boolean {
  const query = new URL(request.url).searchParams.getAll("test");
  const header = request.headers.get("x-service-test");
  for (const value of [...query, ...(header === null ? [] : [header])]) {
    if (value.trim() !== "1") {
      throw new ServiceError(
        "invalid_parameter",
        `Sandbox mode is switched on with test=1 or X-Service-Test: 1; got "${value}".`,
        { parameter: "test" },
      );
    }
  }
  return query.length > 0 || header !== null;
}

function readTag(request: Request): string | null {
  const raw = request.headers.get("x-service-tag");
  if (raw === null) return null;
  // UTF-8 tags are read as UTF-8 and counted in characters (lib/http/header-text.ts).
  const tag = headerText(raw);
  const length = characterCount(tag);
  if (length > MAX_TAG_LENGTH) {
    throw new ServiceError(
      "invalid_parameter",
      `X-Service-Tag is ${length} characters long; at most ${MAX_TAG_LENGTH} are allowed.`,
      { parameter: "X-Service-Tag" },
    );
  }
  return tag;
}

/**
 * The origin links in responses point at, from the deployment, never from the caller: Host and
 * X-Forwarded-Host are whatever a caller writes, and answers such as /v2/status are kept by shared caches
 * (a poisoned link would be served to everyone). PUBLIC_BASE_URL when configured; on Vercel, the
 * deployment's own URL; otherwise the address Next is bound to, which is what `request.url` names.
 */
function resolveBaseUrl(request: Request): string {
  try {
    const configured = deploymentOrigin(getEnv());
    if (configured) return configured;
  } catch {
    // An invalid configuration stops the server at start-up (instrumentation.ts); should a request still
    // get here, it is answered in the envelope (internal_error) with links to the server's own address.
  }
  return new URL(request.url).origin;
}

function checkedOutput<Input, Output>(definition: EndpointDefinition<Input, Output>, output: Output, context: RequestContext): Output {
  const issues = definition.check ? definition.check(output) : issuesOf(definition.response.safeParse(output));
  if (issues) {
    logError(context.meta.request_id, `${definition.name}: response failed contract validation`, issues.slice(0, 5));
    throw internalError();
  }
  return output;
}

/** The success body as text, for the ledger: the endpoint's serializer where it gives bytes or text. */
function answerText<Input, Output>(definition: EndpointDefinition<Input, Output>, output: Output): string {
  const body = definition.serialize?.(output);
  if (typeof body === "string") return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
  return JSON.stringify(output);
}

function issuesOf(checked: { success: boolean; error?: { issues: readonly unknown[] } }): readonly unknown[] | null {
  return checked.success ? null : (checked.error?.issues ?? []);
}

function successResponse<Output>(output: Output, context: RequestContext, extraHeaders: Record<string, string>, serialize?: (output: Output) => BodyInit): Response {
  return new Response(serialize ? serialize(output) : JSON.stringify(output), {
    status: 200,
    headers: { ...JSON_HEADERS, "x-request-id": context.meta.request_id, "cache-control": "no-store", ...extraHeaders },
  });
}

export function errorResponse(error: unknown, context: RequestContext, name: string): Response {
  let serviceError: ServiceError;
  if (error instanceof ServiceError) {
    serviceError = error;
  } else {
    logError(context.meta.request_id, `${name}: unexpected error`, error);
    serviceError = internalError();
  }
  const envelope: ErrorEnvelope = {
    meta: errorMeta(context.meta),
    error: toErrorObject(serviceError, context.baseUrl),
  };
  // A 402 also speaks x402: its PAYMENT-REQUIRED header and, for v1 clients, x402Version and accepts.
  const body = { ...serviceError.transport.body, ...envelope };
  const headers: Record<string, string> = {
    ...JSON_HEADERS,
    "x-request-id": context.meta.request_id,
    "cache-control": "no-store",
    ...serviceError.transport.headers,
  };
  const retryAfter = retryAfterSeconds(serviceError, context.now);
  if (retryAfter !== null) headers["retry-after"] = String(retryAfter);
  if (!errorEnvelopeSchema.safeParse(envelope).success) {
    logError(context.meta.request_id, `${name}: error envelope failed contract validation`, body);
  }
  return new Response(JSON.stringify(body), { status: serviceError.status, headers });
}

function retryAfterSeconds(error: ServiceError, now: Date): number | null {
  if (error.details.retry_after !== undefined) return error.details.retry_after;
  if (error.details.estimated_recovery_at) {
    const seconds = Math.ceil((Date.parse(error.details.estimated_recovery_at) - now.getTime()) / 1000);
    return Math.max(seconds, 1);
  }
  return null;
}
