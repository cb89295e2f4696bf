// Calls a route handler in-process with a real Request, as Next would.
export interface CallOptions {
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
  body?: unknown;
  /** Raw body text (for malformed JSON tests); wins over `body`. */
  rawBody?: string;
  method?: string;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export const TEST_ORIGIN = "http://localhost:3000";

export async function callRoute<T = any>(
  handler: (request: Request) => Promise<Response>,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const url = new URL(path, TEST_ORIGIN);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.append(key, value);
  }
  const hasBody = options.rawBody !== undefined || options.body !== undefined;
  const request = new Request(url, {
    method: options.method ?? (hasBody ? "POST" : "GET"),
    headers: { ...(hasBody ? { "content-type": "application/json" } : {}), ...options.headers },
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const response = await handler(request);
  const text = await response.text();
  let body: T;
  try {
    body = (text === "" ? null : JSON.parse(text)) as T;
  } catch {
    body = text as T;
  }
  return { status: response.status, headers: response.headers, body, text };
}

export const sandbox = { "x-service-test": "1" } as const;
