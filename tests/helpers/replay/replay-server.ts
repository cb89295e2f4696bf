// A loopback HTTP server that speaks court systems' protocols from recorded real pages, so adapters are
// tested end to end on their production code path with only base URLs changed (DESIGN.md "Sources").
// The core knows nothing about any court system: it parses requests (query, cookies, JSON, multipart
// forms), hands them to protocol modules (pacer-protocol.ts, ...), logs every exchange, and injects
// faults (error statuses, hanging answers, dropped connections). Nothing here leaves 127.0.0.1.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The court HTTP client's settings for tests against the replay server: outages end quickly, and the pace is
 * the tests', not a court's.
 */
export const REPLAY_HTTP_SETTINGS: Readonly<Record<string, string>> = {
  COURT_HTTP_TIMEOUT_MS: "1500",
  COURT_HTTP_RETRIES: "1",
  COURT_HTTP_BACKOFF_MS: "10",
  COURT_HTTP_RATE_PER_SECOND: "1000",
  COURT_HTTP_CONCURRENCY: "8",
  SOURCE_TIMEOUT_MS: "8000",
};

export interface ReplayRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The raw query string without "?" (CM/ECF puts bare values there: "possible_case_numbers.pl?16-01152"). */
  rawQuery: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  cookies: Record<string, string>;
  body: Buffer;
  /** Multipart or urlencoded fields. */
  form(): Promise<Record<string, string>>;
  json(): unknown;
}

export interface ReplayResponse {
  status?: number;
  headers?: Record<string, string>;
  body: string | Buffer;
}

export interface ReplayProtocol {
  /** An answer, or null when the request is not this protocol's. */
  handle(request: ReplayRequest): Promise<ReplayResponse | null>;
}

export interface Fault {
  /** Which requests: a test on "METHOD /path?query". */
  match: RegExp;
  /** Answer this status, hang until the client gives up, drop the connection, or answer as usual but late. */
  kind: "status" | "hang" | "drop" | "slow";
  status?: number;
  /** For "slow": how long the answer waits, in milliseconds. */
  delayMs?: number;
  /** How many requests it hits (default: every one until cleared). */
  times?: number;
}

/** An answer as it leaves the server: a test may re-encode it (another charset, a Content-Encoding). */
export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ExchangeLog {
  method: string;
  url: string;
  status: number | "hang" | "drop";
  bytes: number;
}

export class ReplayServer {
  readonly log: ExchangeLog[] = [];
  private faults: Array<Fault & { left: number }> = [];
  private rewrites: Array<{ match: RegExp; rewrite: (answer: WireAnswer) => WireAnswer }> = [];
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
    private readonly protocols: ReplayProtocol[],
  ) {}

  static async start(protocols: ReplayProtocol[]): Promise<ReplayServer> {
    let instance: ReplayServer | undefined;
    const server = createServer((request, response) => void instance!.serve(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    instance = new ReplayServer(server, `http://127.0.0.1:${port}`, protocols);
    return instance;
  }

  fail(fault: Fault): void {
    this.faults.push({ ...fault, left: fault.times ?? Number.POSITIVE_INFINITY });
  }

  /** Answers to requests whose "METHOD /path?query" matches leave rewritten (until clearFaults). */
  rewrite(match: RegExp, rewrite: (answer: WireAnswer) => WireAnswer): void {
    this.rewrites.push({ match, rewrite });
  }

  clearFaults(): void {
    this.faults = [];
    this.rewrites = [];
    for (const response of this.hanging) response.destroy();
    this.hanging.clear();
  }

  /** Requests whose "METHOD /path?query" matches. */
  requests(match: RegExp): ExchangeLog[] {
    return this.log.filter((entry) => match.test(`${entry.method} ${entry.url}`));
  }

  async close(): Promise<void> {
    this.clearFaults();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async serve(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = incoming.url ?? "/";
    const method = incoming.method ?? "GET";
    const line = `${method} ${url}`;
    const fault = this.faults.find((candidate) => candidate.left > 0 && candidate.match.test(line));
    if (fault) fault.left -= 1;
    // A slow answer is the usual one, late.
    if (fault?.kind === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 0));
    else if (fault) {
      if (fault.kind === "hang") {
        this.hanging.add(response);
        this.log.push({ method, url, status: "hang", bytes: 0 });
        return;
      }
      if (fault.kind === "drop") {
        this.log.push({ method, url, status: "drop", bytes: 0 });
        incoming.socket.destroy();
        return;
      }
      const page = `<html><body><h1>Internal Server Error</h1><p>The server encountered an internal error.</p></body></html>`;
      this.log.push({ method, url, status: fault.status ?? 500, bytes: page.length });
      response.writeHead(fault.status ?? 500, { "content-type": "text/html" }).end(page);
      return;
    }
    const [path = "/", rawQuery = ""] = url.split(/\?(.*)/s, 2);
    const request: ReplayRequest = {
      method,
      path,
      rawQuery,
      query: new URLSearchParams(rawQuery),
      headers: incoming.headers,
      cookies: parseCookies(incoming.headers.cookie),
      body,
      form: () => readForm(incoming.headers["content-type"] ?? "", body),
      json: () => JSON.parse(body.toString("utf8")),
    };
    for (const protocol of this.protocols) {
      const answer = await protocol.handle(request);
      if (!answer) continue;
      let wire: WireAnswer = {
        status: answer.status ?? 200,
        headers: { "content-type": "text/html; charset=utf-8", ...answer.headers },
        body: typeof answer.body === "string" ? Buffer.from(answer.body, "utf8") : answer.body,
      };
      for (const { match, rewrite } of this.rewrites) if (match.test(line)) wire = rewrite(wire);
      this.log.push({ method, url, status: wire.status, bytes: wire.body.byteLength });
      response.writeHead(wire.status, wire.headers).end(wire.body);
      return;
    }
    this.log.push({ method, url, status: 404, bytes: 9 });
    response.writeHead(404, { "content-type": "text/plain" }).end("not found");
  }
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const equals = part.indexOf("=");
    if (equals > 0) cookies[part.slice(0, equals).trim()] = part.slice(equals + 1).trim();
  }
  return cookies;
}

async function readForm(contentType: string, body: Buffer): Promise<Record<string, string>> {
  // The platform's own multipart and urlencoded parser (undici's Request.formData).
  const form = await new Request("http://replay.invalid/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(body) }).formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) fields[name] = typeof value === "string" ? value : await value.text();
  return fields;
}
