// The raw request guard (lib/http/raw-request-guard.ts) on a plain Node server: what Next never sees is
// answered in the envelope, and an absolute-form target reaches the server as its path.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { HEADERS_TIMEOUT_MS, installRawRequestGuard, REQUEST_TIMEOUT_MS, TIMEOUT_CHECK_INTERVAL_MS } from "@/lib/http/raw-request-guard";
import { exchangeRaw } from "../helpers/raw-exchange";

let server: http.Server;
let port = 0;
const seen: string[] = [];

/** One request with any method and request target (Node's client sends `path` as written). */
function send(method: string, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path: target, headers: { connection: "close" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    request.on("error", reject);
    request.end();
  });
}

/** Bytes as written, on one connection; everything the server sent before closing it, as latin1 text. */
const sendRaw = async (bytes: string) => (await exchangeRaw("127.0.0.1", port, bytes)).toString("latin1");

/** Status line, headers (lower-cased names) and body of one raw HTTP/1.1 answer. */
function parseRaw(raw: string): { statusLine: string; headers: Record<string, string>; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  const [statusLine, ...lines] = raw.slice(0, end).split("\r\n");
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
  return { statusLine: statusLine!, headers, body: raw.slice(end + 4) };
}

const errorOf = (body: string) => (JSON.parse(body) as { error: { code: string; documentation_url: string } }).error;

// The guard patches http.Server for the whole process; other test files may share this worker, so it is
// taken out again afterwards.
const prototype = http.Server.prototype as unknown as Record<string | symbol, unknown>;
const originalEmit = prototype.emit;
const INSTALLED = Symbol.for("court-docket-api.raw-request-guard");

// Without a deployment origin (PUBLIC_BASE_URL, Vercel's), refusals link to the local server: whatever the
// developer's shell sets, this file runs without one.
const ORIGIN_VARIABLES = ["PUBLIC_BASE_URL", "VERCEL"] as const;
const savedOrigin = Object.fromEntries(ORIGIN_VARIABLES.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  for (const name of ORIGIN_VARIABLES) delete process.env[name];
  resetEnvForTests();
  installRawRequestGuard();
  expect(prototype.emit).not.toBe(originalEmit);
  server = http.createServer((request, response) => {
    seen.push(request.url ?? "");
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  prototype.emit = originalEmit;
  delete prototype[INSTALLED];
  for (const name of ORIGIN_VARIABLES) if (savedOrigin[name] !== undefined) process.env[name] = savedOrigin[name];
  resetEnvForTests();
});

describe("raw request guard", () => {
  it("bounds how long a request may take to arrive: 20 s for its headers, 30 s in all (Node's defaults: 60 s, 5 min)", async () => {
    expect(new http.Server().requestTimeout).toBe(300_000);
    expect((await send("GET", "/status")).status).toBe(200);
    expect([server.headersTimeout, server.requestTimeout]).toEqual([HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS]);
    expect([HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS]).toEqual([20_000, 30_000]);
    // A server configured tighter stays so.
    const tight = http.createServer({ requestTimeout: 5_000, headersTimeout: 2_000 }, (_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => tight.listen(0, "127.0.0.1", resolve));
    try {
      const tightPort = (tight.address() as AddressInfo).port;
      await new Promise<void>((resolve, reject) => http.get({ host: "127.0.0.1", port: tightPort, path: "/", headers: { connection: "close" } }, (response) => response.resume().on("end", resolve)).on("error", reject));
      expect([tight.headersTimeout, tight.requestTimeout]).toEqual([2_000, 5_000]);
    } finally {
      await new Promise((resolve) => tight.close(resolve));
    }
  });

  it("closes a request past those bounds within a second of them, not at Node's 30 s check", async () => {
    // Bounds of 1 s and 1.5 s stand for the 20 s and 30 s (a server configured tighter stays so); Node's default
    // check interval would close these connections after 30 s, past this test's time-out.
    const slow = http.createServer({ headersTimeout: 1_000, requestTimeout: 1_500 }, (request, response) => {
      request.resume().on("end", () => response.end("ok"));
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const slowPort = (slow.address() as AddressInfo).port;
    /** Sends `text` and then nothing more; resolves with what came back and how long until the server closed. */
    const stall = (text: string) =>
      new Promise<{ answer: string; afterMs: number }>((resolve, reject) => {
        const started = Date.now();
        const socket = net.connect(slowPort, "127.0.0.1", () => socket.write(text));
        let answer = "";
        socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
        socket.on("error", reject);
        socket.on("close", () => resolve({ answer, afterMs: Date.now() - started }));
      });
    try {
      const [headers, body] = await Promise.all([
        stall("GET /v2/status HTTP/1.1\r\nHost: x\r\nX-Slow: "),
        stall("POST /v2/cases/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"),
      ]);
      expect((slow as http.Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(TIMEOUT_CHECK_INTERVAL_MS);
      for (const closed of [headers, body]) {
        expect(closed.answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(closed.afterMs).toBeLessThan(10_000);
      }
    } finally {
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it("hands an absolute-form target to the server as its path and query", async () => {
    expect((await send("GET", "http://elsewhere.example/v2/status?test=1")).status).toBe(200);
    expect(seen.at(-1)).toBe("/v2/status?test=1");
  });

  it("links a refusal to this server's docs whatever host the target names", async () => {
    for (const [method, target] of [["TRACE", "//elsewhere.example/x"], ["TRACE", "http://127.0.0.1//elsewhere.example/x"], ["PROPFIND", "/v2/status"]] as const) {
      const answer = await send(method, target);
      expect(answer.status, target).toBe(405);
      expect(new URL(errorOf(answer.body).documentation_url).host, target).toBe(`localhost:${port}`);
    }
  });

  it("refuses a target that is not a path in the envelope", async () => {
    const answer = await send("OPTIONS", "*");
    expect(answer.status).toBe(400);
    expect(errorOf(answer.body).code).toBe("invalid_parameter");
  });

  it("answers in the envelope what Node's parser refuses (a method HTTP does not know, malformed framing): 400, not Node's bare 400", async () => {
    const requests = [
      ["BREW /v2/status HTTP/1.1\r\nHost: x\r\n\r\n", /BREW is not an HTTP method; this API serves GET, HEAD, POST and OPTIONS/],
      ["GET /v2/status HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", /not well-formed HTTP\/1\.1/],
      ["GET /v2/status HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n", /not well-formed HTTP\/1\.1/],
      ["GET /v2/status HTTP/7.5\r\nHost: x\r\n\r\n", /not well-formed HTTP\/1\.1/],
    ] as const;
    for (const [bytes, message] of requests) {
      const before = seen.length;
      const { statusLine, headers, body } = parseRaw(await sendRaw(bytes));
      expect(statusLine, bytes).toBe("HTTP/1.1 400 Bad Request");
      expect(headers["content-type"], bytes).toMatch(/^application\/json/);
      expect(headers.connection).toBe("close");
      expect(Number(headers["content-length"])).toBe(Buffer.byteLength(body, "latin1"));
      const envelope = JSON.parse(Buffer.from(body, "latin1").toString("utf8"));
      expect(envelope.meta.request_id).toBe(headers["x-request-id"]);
      expect(envelope.error.code).toBe("invalid_parameter");
      expect(envelope.error.message, bytes).toMatch(message);
      expect(new URL(envelope.error.documentation_url).host).toBe(`localhost:${port}`);
      // None of them became a request.
      expect(seen.length).toBe(before);
    }
  });

  it("closes a refused connection whose client keeps its own side open (the server's side does not linger past the answer)", async () => {
    const client = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    const received: Buffer[] = [];
    client.on("data", (chunk: Buffer) => received.push(chunk));
    await new Promise<void>((resolve) => client.on("connect", resolve));
    try {
      client.write("BREW /v2/status HTTP/1.1\r\nHost: x\r\n\r\n");
      await new Promise<void>((resolve) => client.on("end", resolve));
      expect(Buffer.concat(received).toString("latin1")).toMatch(/^HTTP\/1\.1 400 [\s\S]*invalid_parameter/);
      // The client has not closed its side; the server's connection is gone all the same.
      const open = () => new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
      await expect.poll(open, { timeout: 3_000 }).toBe(0);
    } finally {
      client.destroy();
    }
  });

  it("closes the connection without a word when a refused request follows one still being answered (any answer would be read as that one's)", async () => {
    // One packet: a TRACE (answered by the guard, asynchronously), then a method HTTP does not know. Node would
    // write its bare 400 here, which the client reads as the TRACE's answer.
    const raw = await sendRaw("TRACE /a HTTP/1.1\r\nHost: x\r\n\r\nBREW / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(raw).toBe("");
  });

  it("names the refused method only where its line begins in what it can see", async () => {
    const split = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write("GE");
        setTimeout(() => socket.write("TX /v2/status HTTP/1.1\r\nHost: x\r\n\r\n"), 100);
      });
      const chunks: Buffer[] = [];
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
      socket.on("error", reject);
    });
    expect(split).toMatch(/^HTTP\/1\.1 400 /);
    expect(split).toContain("The request method is not an HTTP method");
    expect(split).not.toContain("TX is not");
  });

  it("leaves Node's own answer where the error table has no code for its status: headers over Node's limit get 431", async () => {
    const raw = await sendRaw(`GET /v2/status HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).not.toContain("invalid_parameter");
  });
});
