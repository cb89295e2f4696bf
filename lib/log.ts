// Structured server logs, one JSON line each. Request logs carry the request id a caller quotes to support.
// Credentials the configuration holds are cut out of every line: error messages quote them unasked (viem
// names the node's URL in every RPC failure, and node providers put the API key in its path).
import { getEnv, type Env } from "@/lib/env";

/** Settings that are credentials, or URLs that may carry one (in their user info, path or query). */
const SECRET_SETTINGS = [
  "X402_RPC_URL",
  "X402_FACILITATOR_URL",
  "X402_SETTLEMENT_PRIVATE_KEY",
  "SIGNING_KEYS_ENCRYPTION_KEY",
  "PACER_PASSWORD",
  "PACER_TOTP_SECRET",
  "DATABASE_URL",
  "INNGEST_SIGNING_KEY",
  "INNGEST_EVENT_KEY",
] as const;

/** Shorter pieces are too likely to occur in a line for other reasons (and are no credential). */
const SHORTEST_SECRET = 8;

/** The forms a setting's value is quoted in: as set, and a URL's without its user info and its path and query. */
function secretForms(value: string): string[] {
  const forms = [value];
  try {
    const url = new URL(value);
    const path = `${url.pathname}${url.search}`;
    url.username = "";
    url.password = "";
    forms.push(url.href, value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, "$1"));
    if (path.length >= SHORTEST_SECRET) forms.push(path);
  } catch {
    // not a URL: the value alone
  }
  return forms.filter((form) => form.length >= SHORTEST_SECRET);
}

/** Per configuration (getEnv caches one object): each secret's written forms, longest first, with its name. */
const formsByEnv = new WeakMap<Env, Array<{ written: string; name: string }>>();

function writtenSecrets(env: Env): Array<{ written: string; name: string }> {
  let found = formsByEnv.get(env);
  if (!found) {
    found = [];
    for (const name of SECRET_SETTINGS) {
      const value = env[name];
      if (typeof value !== "string") continue;
      // Longest first: a URL is replaced whole before its path alone would be. As the line writes it: JSON-escaped.
      for (const form of secretForms(value).sort((a, b) => b.length - a.length)) found.push({ written: JSON.stringify(form).slice(1, -1), name });
    }
    formsByEnv.set(env, found);
  }
  return found;
}

function redact(line: string): string {
  let env: Env;
  try {
    env = getEnv();
  } catch {
    return line; // an invalid configuration: the start-up error names the variables, never their values
  }
  let result = line;
  for (const { written, name } of writtenSecrets(env)) {
    if (result.includes(written)) result = result.split(written).join(`[${name}]`);
  }
  return result;
}

export function logError(requestId: string, message: string, detail?: unknown): void {
  const rendered = detail instanceof Error ? { name: detail.name, message: detail.message, stack: detail.stack } : detail;
  console.error(redact(JSON.stringify({ level: "error", request_id: requestId, message, detail: rendered })));
}

/** Background work (refreshes, source fetches): no request id, but the court and case. */
export function logEvent(level: "info" | "warn" | "error", message: string, fields: Record<string, unknown> = {}): void {
  const line = redact(JSON.stringify({ level, message, ...fields }));
  if (level === "info") console.log(line);
  else console.error(line);
}
