// Turning raw query strings and JSON bodies into contract-validated input, with errors in our envelope.
import type { z } from "zod";
import { MAX_QUOTED_CHARACTERS, quoteInput } from "@/contract";
import { ServiceError } from "@/lib/errors";

/** Query parameters as an object; a parameter given twice is ambiguous and refused. */
export function readQuery(request: Request, ignore: readonly string[] = ["test"]): Record<string, string> {
  const params = new URL(request.url).searchParams;
  const result: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of params) {
    if (ignore.includes(key)) continue;
    if (Object.hasOwn(result, key)) {
      throw new ServiceError("invalid_parameter", `${key} is given more than once; send it once.`, { parameter: key });
    }
    result[key] = value;
  }
  return { ...result };
}

/**
 * For endpoints that take no query parameters (besides the sandbox's `test`): any other is refused, as the
 * other endpoints refuse unknown ones, so `?context=full` on a batch is never silently ignored (and paid for).
 * `where` says where such options go instead, if anywhere.
 */
export function refuseQueryParameters(request: Request, where = ""): null {
  const [name] = Object.keys(readQuery(request));
  // null, the input of an endpoint without parameters: it is part of a paid request's fingerprint
  // (lib/http/define-endpoint.ts), which must stay what it was when such endpoints parsed to null.
  if (name === undefined) return null;
  throw new ServiceError("invalid_parameter", `Unknown query parameter "${name}": this endpoint takes none but test=1 (the sandbox)${where ? `; ${where}` : ""}.`, {
    parameter: name,
  });
}

/**
 * The request body as text, read at most `limitBytes` far: a larger body is refused without being
 * buffered whole (the error comes from `tooLarge`, so each endpoint says what its limit means). A body whose
 * connection closed before its end (the caller went away, or the server's time limit for a request ended it:
 * raw-request-guard.ts) is the caller's bad request, not our failure: no "unexpected error" is logged for it.
 */
export async function readBodyText(request: Request, limitBytes: number, tooLarge: () => ServiceError): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      throw new ServiceError("invalid_parameter", "The request body did not arrive whole: the connection closed before its end.", { parameter: "body" });
    }
    const { done, value } = read;
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export interface JsonBodyOptions {
  limitBytes: number;
  tooLarge: () => ServiceError;
}

export async function readJsonBody(request: Request, options: JsonBodyOptions): Promise<unknown> {
  const contentType = request.headers.get("content-type");
  if (contentType !== null && !/^application\/([a-z0-9.+-]*\+)?json\b/i.test(contentType.trim())) {
    throw new ServiceError("invalid_parameter", `Content-Type must be application/json; got "${contentType}".`, {
      parameter: "Content-Type",
    });
  }
  const text = await readBodyText(request, options.limitBytes, options.tooLarge);
  if (text.trim() === "") {
    throw new ServiceError("invalid_parameter", "The request body is empty; send a JSON object.", { parameter: "body" });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ServiceError(
      "invalid_parameter",
      `The request body is not valid JSON (${error instanceof Error ? error.message : "parse error"}).`,
      { parameter: "body" },
    );
  }
}

/**
 * Validates against a contract schema. The first issue becomes the error: `last_checked` problems are
 * `invalid_last_checked`, everything else `invalid_parameter`, and `parameter` names the field.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map((part, index) =>
    typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`,
  );
  let parameter = path.join("");
  let message = issue.message;
  if (issue.code === "unrecognized_keys") {
    const keys = (issue as { keys?: string[] }).keys ?? [];
    // Names are the caller's text, without a length limit in a body or MCP arguments: quoted within bounds,
    // a few of them (quoteInput), and `parameter` names the first as far as a quote would.
    parameter = [parameter, keys[0]?.slice(0, MAX_QUOTED_CHARACTERS)].filter(Boolean).join(".");
    const more = keys.length > 3 ? ` and ${keys.length - 3} more` : "";
    message = `unknown field${keys.length > 1 ? "s" : ""} ${keys.slice(0, 3).map(quoteInput).join(", ")}${more}`;
    const allowed = allowedKeys(schema, issue.path);
    if (allowed.length > 0) message += `; allowed: ${allowed.join(", ")}`;
    if (keys.includes("document_types")) message += " (v2 names the filter filing_types, a comma-separated string)";
  }
  // zod 4 leaves the offending input out of its issues, so look it up by the issue's path.
  const given = valueAt(value, issue.path);
  if (issue.code === "invalid_type" && given === undefined) {
    message = `${parameter || "body"} is required`;
  }
  const field = String(issue.path[issue.path.length - 1] ?? "");
  // A missing last_checked is a missing parameter; a malformed one is invalid_last_checked.
  const code = field === "last_checked" && given !== undefined ? "invalid_last_checked" : "invalid_parameter";
  const prefix = message.startsWith(parameter) || parameter === "" ? "" : `${parameter}: `;
  return throwError(code, `${prefix}${message}`, parameter || "body");
}

/** The keys an object schema accepts at `path` (top level only; nested objects in arrays by index). */
function allowedKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: unknown = schema;
  for (const key of path) {
    const def = (current as { def?: { type?: string; shape?: Record<string, unknown>; element?: unknown } }).def;
    if (def?.type === "object") current = def.shape?.[String(key)];
    else if (def?.type === "array") current = def.element;
    else return [];
    current = unwrap(current);
  }
  const def = (current as { def?: { type?: string; shape?: Record<string, unknown> } }).def;
  return def?.type === "object" && def.shape ? Object.keys(def.shape) : [];
}

function unwrap(schema: unknown): unknown {
  let current = schema as { def?: { type?: string; innerType?: unknown } } | undefined;
  while (current?.def && (current.def.type === "optional" || current.def.type === "default" || current.def.type === "nullable")) {
    current = current.def.innerType as typeof current;
  }
  return current;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function throwError(code: "invalid_parameter" | "invalid_last_checked", message: string, parameter: string): never {
  throw new ServiceError(code, message, { parameter });
}
