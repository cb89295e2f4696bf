// A typed client of the API: `import { createServiceClient } from "court-docket-api/client"`. It is ts-rest's
// client for the contract, with the base URL, the sandbox switch, the X-Service-Tag header and a `fetch`
// the caller can replace, for example with an x402 payer (`wrapFetchWithPayment` from @x402/fetch).
import { initClient, validateResponse, type ApiFetcher, type AppRoute, type InitClientReturn } from "@ts-rest/core";
import { z } from "zod";
import { lenientSchema } from "./lenient.ts";
import { contract, type Contract } from "./router.ts";

export interface ServiceClientOptions {
  /** e.g. https://api.example.com (no trailing /v2). */
  baseUrl: string;
  /** Answer from the sandbox fixtures, free (sends X-Service-Test: 1). */
  sandbox?: boolean;
  /** Echoed in meta.tag of every answer (at most 64 characters, any Unicode: sent as UTF-8). */
  tag?: string;
  /** The fetch to send requests with; default: the global fetch. */
  fetch?: typeof fetch;
  /**
   * Check every answer against the contract's schemas (default true). Fields the contract does not describe
   * (added by a newer server) are dropped, not refused; the fields it describes are checked.
   */
  validateResponse?: boolean;
}

const lenientRoutes = new WeakMap<AppRoute, AppRoute>();

/** The route with its response schemas read leniently (lenient.ts): an answer is not thrown away, often after
 * it was paid for, because a newer server added a field this client does not know. */
function lenientRoute(route: AppRoute): AppRoute {
  let lenient = lenientRoutes.get(route);
  if (!lenient) {
    const responses = Object.fromEntries(
      Object.entries(route.responses).map(([status, schema]) => [status, schema instanceof z.ZodType ? lenientSchema(schema) : schema]),
    );
    lenient = { ...route, responses } as AppRoute;
    lenientRoutes.set(route, lenient);
  }
  return lenient;
}

/**
 * A header value is bytes, and fetch refuses a string with a character above U+00FF ("東京") rather than
 * encode it. X-Service-Tag is UTF-8 text (the contract): its UTF-8 bytes travel one character per byte, and
 * the server reads them back as UTF-8 (lib/http/header-text.ts), so "über" and "東京" are echoed as sent.
 */
function utf8HeaderValue(text: string): string {
  let bytes = "";
  for (const byte of new TextEncoder().encode(text)) bytes += String.fromCharCode(byte);
  return bytes;
}

// A custom fetcher replaces ts-rest's default one, which is where ts-rest checks answers against the
// contract: the check is done here, for every JSON answer whose status the contract describes.
function fetcher(fetchImpl: typeof fetch): ApiFetcher {
  return async ({ route, path, method, headers: given, body, fetchOptions, validateResponse: validate }) => {
    // The tag is encoded here, not where it is set, so a tag passed for one call travels the same way.
    const headers = Object.fromEntries(
      Object.entries(given).map(([name, value]) => [name, name.toLowerCase() === "x-service-tag" ? utf8HeaderValue(value) : value]),
    );
    const response = await fetchImpl(path, { ...fetchOptions, method, headers, body: body ?? undefined });
    const type = response.headers.get("content-type") ?? "";
    // 204 and 304 have no body: undefined, as the contract's types say (c.noBody()).
    if (response.status === 204 || response.status === 304) return { status: response.status, body: undefined, headers: response.headers };
    const text = await response.text();
    const isJson = text !== "" && /json/i.test(type);
    const parsed = isJson ? (JSON.parse(text) as unknown) : text;
    if (validate && isJson) {
      // Throws ts-rest's ResponseValidationError naming the route and the mismatch.
      const checked = validateResponse({ appRoute: lenientRoute(route), response: { status: response.status, body: parsed } });
      return { status: response.status, body: checked.body, headers: response.headers };
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
}

/** What createServiceClient gives ts-rest's initClient, which types the client's calls by it. */
interface ServiceClientArgs {
  baseUrl: string;
  baseHeaders: Record<string, string>;
  validateResponse: boolean;
  api: ApiFetcher;
}

// Named, not inferred: an inferred type is written out in full into client.d.ts as this build's lib "dom"
// resolves it (`cache?: RequestCache`), and a Node project without "dom" failed to check the package with
// TS2304. Named, ts-rest's types are resolved in the consumer's own environment.
export type ServiceClient = InitClientReturn<Contract, ServiceClientArgs>;

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const baseHeaders: Record<string, string> = {};
  if (options.sandbox) baseHeaders["x-service-test"] = "1";
  if (options.tag !== undefined) baseHeaders["x-service-tag"] = options.tag;
  return initClient<Contract, ServiceClientArgs>(contract, {
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    baseHeaders,
    validateResponse: options.validateResponse ?? true,
    api: fetcher(options.fetch ?? ((input, init) => fetch(input, init))),
  });
}
