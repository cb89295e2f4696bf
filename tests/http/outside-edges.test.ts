// Issue 17's findings 1 to 3, over HTTP against `next start`: bounded batch answers, client identity and
// links from the deployment (never from what a caller writes), and every /v1 and /v2 answer in the
// envelope, with UTF-8 tags, bounded callback URLs, security headers and CORS.
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorEnvelopeSchema, type BatchResponse } from "@/contract";
import { exchangeRaw } from "../helpers/raw-exchange";
import { startNext, type RunningServer } from "../helpers/start-next";

const baseUrl = () => inject("baseUrl");
const LARGE = { case_id: "3:21-md-02996", court_code: "cand", context: "full" };
const CASE = "/v2/case?case_id=1:23-cv-04567&court_code=nysd";

/**
 * A request with any method and raw header bytes (fetch refuses TRACE and non-latin-1 text); `bytes` as they
 * travelled (http.request does not undo a Content-Encoding), `body` as UTF-8 text.
 */
function rawRequest(url: string, method: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: bytes.toString("utf8"), bytes });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

/** HTTP/1.1 with a request target that is not a path (`OPTIONS * HTTP/1.1`, `GET http://host/x HTTP/1.1`). */
async function targetRequest(url: string, requestLine: string): Promise<string> {
  const { hostname, port } = new URL(url);
  const answer = await exchangeRaw(hostname, Number(port), `${requestLine} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
  return answer.toString("utf8");
}

/** UTF-8 text as a header value: one character per byte, as it travels. */
const utf8Header = (text: string) => Buffer.from(text, "utf8").toString("latin1");

describe("1. bounded work per request", () => {
  it("keeps a sandbox batch of 50 large dockets under 10 MB, each result saying what it left out", async () => {
    const response = await fetch(`${baseUrl()}/v2/cases/batch?test=1`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.1" },
      body: JSON.stringify({ queries: Array.from({ length: 50 }, () => LARGE) }),
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(10_000_000);
    const body = JSON.parse(text) as BatchResponse;
    for (const result of body.results) {
      if (result.status !== "success") throw new Error(JSON.stringify(result).slice(0, 200));
      expect(result.response.truncation_details).toMatchObject({ reason: "response_size_limit", omitted_entries: expect.any(Number) });
    }
  }, 120_000);

  it("sends a large MCP result once (its JSON text), a small one as structuredContent and text", async () => {
    const call = async (args: object, name = "service_case_batch") => {
      const response = await fetch(`${baseUrl()}/v2/mcp?test=1`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-forwarded-for": "198.51.100.2" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
      });
      const text = await response.text();
      return { bytes: Buffer.byteLength(text, "utf8"), result: JSON.parse(text).result };
    };
    const batch = await call({ queries: Array.from({ length: 50 }, () => LARGE) });
    expect(batch.bytes).toBeLessThanOrEqual(12_000_000);
    expect(batch.result.structuredContent).toBeUndefined();
    expect(JSON.parse(batch.result.content[0].text).results).toHaveLength(50);
    const single = await call({ case_id: "3:21-md-02996", court_code: "cand", context: "full" }, "service_case_query");
    expect(single.result.structuredContent).toBeUndefined();
    expect(single.bytes).toBeLessThan(2_400_000); // one copy of a ≤ 2 MB answer, escaped once
    const small = await call({ case_id: "1:23-cv-04567", court_code: "nysd" }, "service_case_query");
    expect(small.result.structuredContent).toEqual(JSON.parse(small.result.content[0].text));
  }, 120_000);
});

describe("2. client identity and links from the deployment", () => {
  let direct: RunningServer;
  beforeAll(async () => {
    // The default: no proxy in front, so the client is the TCP peer whatever X-Forwarded-For says.
    direct = await startNext({ build: false, stdio: "ignore" });
  }, 60_000);
  afterAll(async () => direct?.stop());

  it("keys the sandbox limit on the TCP peer, not on a made-up X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1) {
      const response = await fetch(`${direct.baseUrl}/v2/status?test=1`, { headers: { "x-forwarded-for": `203.0.113.${index}` } });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  }, 60_000);

  it("behind N trusted proxies, reads the Nth X-Forwarded-For entry from the right (what the caller prepends is ignored)", async () => {
    // The shared server is configured with TRUSTED_PROXY=1.
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1) {
      const response = await fetch(`${baseUrl()}/v2/status?test=1`, { headers: { "x-forwarded-for": `192.0.2.${index}, 203.0.113.250` } });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  }, 60_000);

  it("builds links from PUBLIC_BASE_URL, whatever Host and X-Forwarded-Host say", async () => {
    const poisoned = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    const status = await rawRequest(`${direct.baseUrl}/v2/status`, "GET", poisoned);
    expect(JSON.parse(status.body).changelog_url).toBe(`${direct.baseUrl}/docs/changelog`);
    const error = await rawRequest(`${direct.baseUrl}/v2/case?test=1`, "GET", poisoned);
    expect(JSON.parse(error.body).error.documentation_url).toBe(`${direct.baseUrl}/docs/errors#invalid_parameter`);
    const unpaid = await rawRequest(`${baseUrl()}${CASE}`, "GET", poisoned);
    expect(unpaid.status).toBe(402);
    const resource = new URL(JSON.parse(Buffer.from(String(unpaid.headers["payment-required"]), "base64").toString("utf8")).resource.url);
    expect(resource.origin).toBe(baseUrl());
    // The OpenAPI document names this deployment too (and is served where no court system is connected).
    const openapi = await rawRequest(`${direct.baseUrl}/v2/openapi.json`, "GET", poisoned);
    expect(openapi.status, openapi.body.slice(0, 200)).toBe(200);
    expect(JSON.parse(openapi.body).servers[0].url).toBe(direct.baseUrl);
    const docs = await rawRequest(`${direct.baseUrl}/docs/quickstart`, "GET", poisoned);
    expect(docs.body).toContain(`${direct.baseUrl}/v2/case`);
    expect(docs.body).not.toContain("api.example.com");
    expect(docs.body).not.toContain("evil.example");
  });
});

describe("3. every /v1 and /v2 answer in the envelope", () => {
  it("answers TRACE and other methods no route serves 405 in the envelope, a method HTTP does not know 400 in the envelope, and a request target of * 400", async () => {
    for (const [path, method] of [["/v2/status", "TRACE"], ["/v2/case", "TRACE"], ["/v1/case", "TRACE"], ["/v2/nope", "TRACE"], ["/v2/case", "PROPFIND"], ["/v2/cases/batch", "PURGE"], ["/v1/status", "SEARCH"]] as const) {
      const answer = await rawRequest(`${baseUrl()}${path}`, method);
      expect(answer.status, `${method} ${path}`).toBe(405);
      const body = JSON.parse(answer.body);
      expect(errorEnvelopeSchema.safeParse(body).success).toBe(true);
      expect(body.error.code).toBe("method_not_allowed");
      expect(answer.headers.allow).toBeTruthy();
    }
    // Refused by Node's HTTP parser before Next sees a request: 400 in the envelope, naming the method.
    const brew = await rawRequest(`${baseUrl()}/v2/status`, "BREW");
    expect(brew.status).toBe(400);
    expect(errorEnvelopeSchema.safeParse(JSON.parse(brew.body)).success).toBe(true);
    expect(JSON.parse(brew.body).error).toMatchObject({ code: "invalid_parameter", message: expect.stringContaining("BREW is not an HTTP method") });
    const raw = await targetRequest(baseUrl(), "OPTIONS *");
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    const body = JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4).replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, ""));
    expect(body.error.code).toBe("invalid_parameter");
  });

  it("serves an absolute-form request target (RFC 9112 §3.2.2) as its path and query", async () => {
    const raw = await targetRequest(baseUrl(), `GET ${baseUrl()}/v2/case?test=1&case_id=nope&court_code=nysd`);
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw).toContain("invalid_case_id");
    const status = await targetRequest(baseUrl(), `HEAD http://elsewhere.example/v2/status`);
    expect(status).toMatch(/^HTTP\/1\.1 200/);
  });

  it("answers unknown /v2 and /v1 paths 404 endpoint_not_found, whatever the method", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"]) {
      for (const path of ["/v2/nope", "/v2/case/extra", "/v2", "/v1/cases"]) {
        const response = await fetch(`${baseUrl()}${path}`, { method });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        const body = await response.json();
        expect(body.error.code).toBe("endpoint_not_found");
        if (path.startsWith("/v2")) expect(errorEnvelopeSchema.safeParse(body).success).toBe(true);
        else expect(body.meta).toBeUndefined(); // v1's error shape
      }
    }
  });

  it("answers /api/inngest 404 in the envelope on a deployment without Inngest keys", async () => {
    const response = await fetch(`${baseUrl()}/api/inngest`);
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("endpoint_not_found");
  });

  it("reads X-Service-Tag as UTF-8 and counts characters", async () => {
    const tag = "ünïcödé-tag";
    const echoed = await rawRequest(`${baseUrl()}/v2/case?case_id=1:23-cv-04567&court_code=nysd&test=1`, "GET", { "x-service-tag": utf8Header(tag), "x-forwarded-for": "198.51.100.3" });
    expect(echoed.status).toBe(200);
    expect(JSON.parse(echoed.body).meta.tag).toBe(tag);
    const sixtyFour = await rawRequest(`${baseUrl()}/v2/status?test=1`, "GET", { "x-service-tag": utf8Header("ü".repeat(64)), "x-forwarded-for": "198.51.100.3" });
    expect(sixtyFour.status).toBe(200);
    const tooLong = await rawRequest(`${baseUrl()}/v2/status?test=1`, "GET", { "x-service-tag": utf8Header("ü".repeat(65)), "x-forwarded-for": "198.51.100.3" });
    expect(tooLong.status).toBe(400);
    expect(JSON.parse(tooLong.body).error.message).toContain("65 characters");
  });

  it("bounds callback_url to 2,048 characters of http(s)", async () => {
    const long = `https://hooks.example/${"a".repeat(2_100)}`;
    for (const url of [long, "ftp://hooks.example/x", "javascript:alert(1)"]) {
      const response = await fetch(`${baseUrl()}${CASE}&test=1&callback_url=${encodeURIComponent(url)}`, { headers: { "x-forwarded-for": "198.51.100.4" } });
      expect(response.status, url.slice(0, 30)).toBe(400);
      expect((await response.json()).error).toMatchObject({ code: "invalid_parameter", parameter: "callback_url" });
    }
  });

  it("sends security headers on every answer, CORS on the API", async () => {
    const answers = [
      await fetch(`${baseUrl()}/v2/status`),
      await fetch(`${baseUrl()}${CASE}`),
      await fetch(`${baseUrl()}/v2/nope`),
      await fetch(`${baseUrl()}/docs/errors`),
      await fetch(`${baseUrl()}/`),
    ];
    for (const answer of answers) {
      expect(answer.headers.get("x-content-type-options"), answer.url).toBe("nosniff");
      expect(answer.headers.get("x-frame-options"), answer.url).toBe("DENY");
      await answer.arrayBuffer();
    }
    const unpaid = answers[1]!;
    expect(unpaid.status).toBe(402);
    expect(unpaid.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = (unpaid.headers.get("access-control-expose-headers") ?? "").toLowerCase();
    for (const name of ["payment-required", "payment-response", "x-request-id"]) expect(exposed).toContain(name);
  });

  it("answers a CORS preflight for the API", async () => {
    const preflight = await fetch(`${baseUrl()}/v2/case`, {
      method: "OPTIONS",
      headers: { origin: "https://agent.example", "access-control-request-method": "GET", "access-control-request-headers": "payment-signature, x-service-tag" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("GET");
    expect((preflight.headers.get("access-control-allow-headers") ?? "").toLowerCase()).toContain("payment-signature");
    const batch = await fetch(`${baseUrl()}/v2/cases/batch`, { method: "OPTIONS", headers: { origin: "https://agent.example", "access-control-request-method": "POST" } });
    expect(batch.status).toBe(204);
    expect(batch.headers.get("access-control-allow-methods")).toContain("POST");
    // Not a preflight: still refused in the envelope.
    const plain = await fetch(`${baseUrl()}/v2/case`, { method: "OPTIONS" });
    expect(plain.status).toBe(405);
  });
});

describe("4. answers compressed for a caller that accepts gzip", () => {
  // `next start` (what a self-hosted deployment runs) compresses route handlers' answers since Next.js 16.4.6;
  // before, /v2/status's ~0.9 MB of JSON travelled as it was. A caller that asks for nothing gets plain bytes.
  const withoutMeta = (body: Buffer) => {
    const { meta: _meta, ...rest } = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
    return rest;
  };

  it("sends GET /v2/status gzipped when asked, the same answer as uncompressed, and 304 on its ETag either way, with the same Vary", async () => {
    const plain = await rawRequest(`${baseUrl()}/v2/status`, "GET");
    const zipped = await rawRequest(`${baseUrl()}/v2/status`, "GET", { "accept-encoding": "gzip" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 10);
    expect(withoutMeta(gunzipSync(zipped.bytes))).toEqual(withoutMeta(plain.bytes));
    const vary = String(zipped.headers.vary ?? "").toLowerCase();
    expect(vary).toContain("accept-encoding");
    expect(vary).toContain("x-service-test");
    const etag = String(zipped.headers.etag);
    expect(plain.headers.etag).toBe(etag);
    for (const asked of [{ "accept-encoding": "gzip" }, {}] as Array<Record<string, string>>) {
      const revalidated = await rawRequest(`${baseUrl()}/v2/status`, "GET", { ...asked, "if-none-match": etag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.bytes.length).toBe(0);
      // A cache takes a 304's headers for the stored answer's (RFC 9111 §4.3.4): without Accept-Encoding in its
      // Vary, a stored gzipped answer could be served to a caller that cannot read it.
      const revalidatedVary = String(revalidated.headers.vary ?? "").toLowerCase();
      expect(revalidatedVary).toContain("accept-encoding");
      expect(revalidatedVary).toContain("x-service-test");
    }
  });

  it("sends a sandbox case answer and the status page gzipped when asked", async () => {
    const url = `${baseUrl()}/v2/case?case_id=${LARGE.case_id}&court_code=${LARGE.court_code}&context=full`;
    const zipped = await rawRequest(url, "GET", { "x-service-test": "1", "accept-encoding": "gzip" });
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    const plain = await rawRequest(url, "GET", { "x-service-test": "1" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(withoutMeta(gunzipSync(zipped.bytes))).toEqual(withoutMeta(plain.bytes));
    const page = await rawRequest(`${baseUrl()}/`, "GET", { "accept-encoding": "gzip" });
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(page.bytes).toString("utf8")).toContain("</html>");
  });
});
