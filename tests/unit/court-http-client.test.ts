// The shared court HTTP client over real loopback HTTP (the replay server's core, no court system):
// retries with backoff for what a retry can cure and not for what it cannot, deadlines, per-host pace and
// concurrency, cookies, the User-Agent, and the recording hook.
import { createServer } from "node:http";
import { createServer as netServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CookieJar } from "@/lib/sources/http/cookie-jar";
import { backoff, CourtHttpError, createCourtHttpClient, recordCourtHttp, type CourtExchange } from "@/lib/sources/http/court-http-client";
import { HostLimiter, limitForHost, parseHostLimits } from "@/lib/sources/http/host-limiter";
import { withFetchDeadline } from "@/lib/sources/http/fetch-deadline";
import { inBackground } from "@/lib/sources/http/request-priority";
import { ReplayServer, type ReplayRequest, type ReplayResponse } from "../helpers/replay/replay-server";

let server: ReplayServer;
const seen: ReplayRequest[] = [];
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  server = await ReplayServer.start([
    {
      async handle(request): Promise<ReplayResponse> {
        seen.push(request);
        if (request.path === "/slow") {
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          await new Promise((resolve) => setTimeout(resolve, 60));
          inFlight -= 1;
        }
        if (request.path === "/loop") return { status: 302, headers: { location: "/loop" }, body: "" };
        if (request.path === "/busy") return { status: 429, headers: { "retry-after": "120" }, body: "Too Many Requests" };
        if (request.path === "/busy-short") return { status: 503, headers: { "retry-after": "5" }, body: "Service Unavailable" };
        if (request.path === "/to-busy-elsewhere") return { status: 302, headers: { location: `${server.baseUrl.replace("127.0.0.1", "localhost")}/busy` }, body: "" };
        if (request.path === "/gateway-later") return { status: 502, headers: { "retry-after": "3600" }, body: "Bad Gateway" };
        if (request.path === "/set-cookie") return { headers: { "set-cookie": "session=abc; Path=/; HttpOnly" }, body: "ok" };
        if (request.path === "/echo-cookie") return { body: request.headers.cookie ?? "" };
        // A login's shape (CM/ECF, PACER): the session set on the 302 to the page, which needs it.
        if (request.path === "/login-redirect") return { status: 302, headers: { location: "/needs-session", "set-cookie": "KEY=hop; Path=/" }, body: "" };
        if (request.path === "/needs-session") return /KEY=hop/.test(request.headers.cookie ?? "") ? { body: `page for ${request.headers.cookie}` } : { status: 401, body: "not logged in" };
        if (request.path === "/form") return { body: JSON.stringify(await request.form()) };
        return { body: `hello ${request.path}` };
      },
    },
  ]);
});
afterAll(async () => server?.close());

const client = (overrides: Partial<Parameters<typeof createCourtHttpClient>[0]> = {}) =>
  createCourtHttpClient({
    userAgent: "court-docket-api/test (unit)",
    timeoutMs: 3000,
    retries: 2,
    backoffMs: 5,
    defaultLimit: { ratePerSecond: 1000, concurrency: 4 },
    ...overrides,
  });

describe("court HTTP client", () => {
  it("sends its User-Agent and reports every attempt to listeners, without cookie values", async () => {
    const exchanges: CourtExchange[] = [];
    const stop = recordCourtHttp((exchange) => exchanges.push(exchange));
    const jar = new CookieJar();
    jar.set("127.0.0.1", "NextGenCSO", "secret-token");
    const response = await client().request({ url: `${server.baseUrl}/hello`, cookies: jar, label: "test:hello" });
    stop();
    expect(response.status).toBe(200);
    expect(response.text()).toBe("hello /hello");
    expect(seen.at(-1)!.headers["user-agent"]).toBe("court-docket-api/test (unit)");
    expect(seen.at(-1)!.cookies.NextGenCSO).toBe("secret-token");
    expect(exchanges, JSON.stringify(exchanges)).toHaveLength(1);
    expect(exchanges[0]).toMatchObject({ label: "test:hello", status: 200, attempt: 1, bytes: 12 });
    expect(JSON.stringify(exchanges)).not.toContain("secret-token");
  });

  it("retries a GET on 500 with backoff, and gives the answer of the last attempt", async () => {
    server.fail({ match: /\/flaky/, kind: "status", status: 500, times: 2 });
    const response = await client().request({ url: `${server.baseUrl}/flaky` });
    expect(response.status).toBe(200);
    expect(response.attempts).toBe(3);
    server.fail({ match: /\/down/, kind: "status", status: 503 });
    const down = await client().request({ url: `${server.baseUrl}/down` });
    expect(down.status).toBe(503);
    expect(down.attempts).toBe(3);
    expect(server.requests(/\/down/)).toHaveLength(3);
    server.clearFaults();
  });

  it("does not repeat a POST unless told it is safe, and sends multipart forms", async () => {
    server.fail({ match: /POST \/form-once/, kind: "status", status: 500, times: 1 });
    const once = await client().request({ method: "POST", url: `${server.baseUrl}/form-once`, body: new FormData() });
    expect(once.status).toBe(500);
    expect(server.requests(/form-once/)).toHaveLength(1);
    server.clearFaults();
    const form = new FormData();
    form.append("all_case_ids", "977547");
    form.append("date_range_type", "Entered");
    const posted = await client().request({ method: "POST", url: `${server.baseUrl}/form`, body: form, retry: true });
    expect(JSON.parse(posted.text())).toEqual({ all_case_ids: "977547", date_range_type: "Entered" });
  });

  it("gives up on a server that never answers after the deadline of each attempt, and on dropped connections", async () => {
    server.fail({ match: /\/hang/, kind: "hang" });
    const started = Date.now();
    await expect(client({ timeoutMs: 150, retries: 1 }).request({ url: `${server.baseUrl}/hang` })).rejects.toMatchObject({ kind: "timeout", attempts: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    // A request that may have been billed is not asked again after a time-out.
    const before = server.requests(/\/hang/).length;
    await expect(client({ timeoutMs: 150, retries: 2 }).request({ url: `${server.baseUrl}/hang`, retryIfMaybeReceived: false })).rejects.toMatchObject({ kind: "timeout", attempts: 1, maybeReceived: true });
    expect(server.requests(/\/hang/).length).toBe(before + 1);
    server.fail({ match: /\/drop/, kind: "drop" });
    const error = await client({ retries: 0 }).request({ url: `${server.baseUrl}/drop` }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(CourtHttpError);
    expect(error).toMatchObject({ kind: "network", maybeReceived: true });
    server.clearFaults();
  });

  it("does not repeat a request the server may have received when asked not to (a connection lost after it went out); a connection that never opened is repeated", async () => {
    server.fail({ match: /\/drop-once/, kind: "drop" });
    const dropped = await client({ retries: 2, backoffMs: 1 })
      .request({ method: "POST", url: `${server.baseUrl}/drop-once`, body: "x", retry: true, retryIfMaybeReceived: false })
      .catch((failure: unknown) => failure);
    expect(dropped).toMatchObject({ kind: "network", attempts: 1, maybeReceived: true });
    expect(server.requests(/\/drop-once/).length).toBe(1);
    server.clearFaults();
    // Nothing listens on this port: the connection is refused, so the request never left.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await client({ retries: 2, backoffMs: 1 })
      .request({ method: "POST", url: `http://127.0.0.1:${port}/report`, body: "x", retry: true, retryIfMaybeReceived: false })
      .catch((failure: unknown) => failure);
    expect(refused).toMatchObject({ kind: "network", attempts: 3, maybeReceived: false });
    // A TLS handshake that fails (here: a server that does not speak TLS) sent nothing of the request either.
    const plain = netServer((socket) => socket.once("data", () => socket.end("HTTP/1.1 400 Bad Request\r\n\r\n")));
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    try {
      const handshake = await client({ retries: 2, backoffMs: 1 })
        .request({ method: "POST", url: `https://127.0.0.1:${(plain.address() as AddressInfo).port}/report`, body: "x", retry: true, retryIfMaybeReceived: false })
        .catch((failure: unknown) => failure);
      expect(handshake).toMatchObject({ kind: "network", attempts: 3, maybeReceived: false });
    } finally {
      await new Promise((resolve) => plain.close(resolve));
    }
  });

  it("sends a request that must not be repeated on a connection of its own, never on a kept-alive one the server may have closed", async () => {
    const connections: string[] = [];
    const seen: Array<string | undefined> = [];
    const keeping = createServer((request, response) => {
      seen.push(request.headers.connection);
      request.resume().on("end", () => response.end("ok"));
    });
    keeping.on("connection", (socket) => connections.push(`${socket.remotePort}`));
    await new Promise<void>((resolve) => keeping.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(keeping.address() as AddressInfo).port}`;
    try {
      const http = client({});
      for (let request = 0; request < 4; request += 1) expect((await http.request({ url: `${url}/free` })).status).toBe(200);
      expect(connections.length).toBeLessThan(4); // fetch keeps connections alive and reuses them
      const before = connections.length;
      const billed = await http.request({ method: "POST", url: `${url}/report`, body: new URLSearchParams({ case: "1" }), retry: true, retryIfMaybeReceived: false });
      expect(billed.status).toBe(200);
      expect(billed.text()).toBe("ok");
      expect(connections).toHaveLength(before + 1);
      expect(seen.at(-1)).toBe("close");
    } finally {
      keeping.closeAllConnections();
      await new Promise((resolve) => keeping.close(resolve));
    }
  });

  it("keeps a host's concurrency and pace from configuration", async () => {
    maxInFlight = 0;
    const limited = client({ defaultLimit: { ratePerSecond: 1000, concurrency: 4 }, hostLimits: [{ pattern: "127.0.0.1", limit: { ratePerSecond: 20, concurrency: 2 } }] });
    const started = Date.now();
    await Promise.all(Array.from({ length: 6 }, () => limited.request({ url: `${server.baseUrl}/slow` })));
    expect(maxInFlight).toBeLessThanOrEqual(2);
    // Six starts at 20 a second: the last starts at least 250 ms after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it("starts a paying caller's request before the background work queued for the same host", async () => {
    const limited = client({ hostLimits: [{ pattern: "127.0.0.1", limit: { ratePerSecond: 20, concurrency: 1 } }] });
    const finished: string[] = [];
    const background = inBackground(() =>
      Promise.all(Array.from({ length: 6 }, (_, index) => limited.request({ url: `${server.baseUrl}/slow?b${index}` }).then(() => finished.push(`b${index}`)))),
    );
    // The refresh's six are queued (one in flight); then a caller's cache miss arrives.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await limited.request({ url: `${server.baseUrl}/slow?live` }).then(() => finished.push("live"));
    await background;
    expect(finished.indexOf("live"), finished.join(" ")).toBeLessThanOrEqual(1);
    expect(finished.filter((name) => name.startsWith("b"))).toEqual(["b0", "b1", "b2", "b3", "b4", "b5"]);
  });

  it("after a court's 429 asks for more quiet than it waits (Retry-After 120 s), sends that host nothing until then: each request fails at once", async () => {
    const court = client();
    const busy = await court.request({ url: `${server.baseUrl}/busy` }).catch((error: unknown) => error);
    // Not repeated, and the caller told when to come back.
    expect(busy).toMatchObject({ attempts: 1, maybeReceived: false, message: expect.stringMatching(/answered HTTP 429.*Retry-After/) });
    expect((busy as CourtHttpError).retryAt!.getTime()).toBeGreaterThan(Date.now() + 100_000);
    expect(server.requests(/\/busy/)).toHaveLength(1);
    const before = server.log.length;
    for (const path of ["/busy", "/hello"]) {
      const failure = await court.request({ url: `${server.baseUrl}${path}` }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CourtHttpError);
      expect(failure).toMatchObject({ attempts: 0, maybeReceived: false, message: expect.stringMatching(/Retry-After/) });
      expect((failure as CourtHttpError).retryAt!.getTime()).toBeGreaterThan(Date.now() + 100_000);
    }
    expect(server.log.length).toBe(before);
    // Another host is not held back (a court system is its host name).
    expect((await court.request({ url: `${server.baseUrl.replace("127.0.0.1", "localhost")}/hello` })).status).toBe(200);
  });

  it("a quiet the court asks for within what it waits (Retry-After 5 s) that outlasts the caller: the failure says when it ends, however it comes", async () => {
    const court = client();
    const soon = (failure: unknown) => {
      expect(failure).toBeInstanceOf(CourtHttpError);
      const retryAt = (failure as CourtHttpError).retryAt;
      // Before: no retryAt (the 503 to the caller had no estimated_recovery_at), or the 503 handed back as an answer.
      expect(retryAt).toBeInstanceOf(Date);
      expect(retryAt!.getTime()).toBeGreaterThan(Date.now() + 3_000);
      expect(retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    };
    // The caller gives up while waiting to ask again.
    soon(await court.request({ url: `${server.baseUrl}/busy-short`, signal: AbortSignal.timeout(200) }).catch((error: unknown) => error));
    // Another caller gives up while waiting for the quiet to end, before asking.
    soon(await court.request({ url: `${server.baseUrl}/hello`, signal: AbortSignal.timeout(200) }).catch((error: unknown) => error));
    // A fetch whose deadline comes before the quiet's end does not wait: it fails at once, unsent.
    const before = server.log.length;
    const unsent = await withFetchDeadline(Date.now() + 1_000, () => court.request({ url: `${server.baseUrl}/hello` })).catch((error: unknown) => error);
    soon(unsent);
    expect(unsent).toMatchObject({ attempts: 0, maybeReceived: false });
    expect(server.log.length).toBe(before);
    // No attempt left: the court's refusal, not an answer to read.
    soon(await client({ retries: 0 }).request({ url: `${server.baseUrl}/busy-short` }).catch((error: unknown) => error));
  });

  it("quiets the host that asked for it: a redirect's target answering 429, not the host the request was sent to", async () => {
    const court = client();
    const busy = await court.request({ url: `${server.baseUrl}/to-busy-elsewhere` }).catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(CourtHttpError);
    expect((busy as CourtHttpError).retryAt!.getTime()).toBeGreaterThan(Date.now() + 100_000);
    // Before: 127.0.0.1 was held back two minutes for its redirect's target's 429, and the target asked again.
    expect((await court.request({ url: `${server.baseUrl}/hello` })).status).toBe(200);
    const target = await court.request({ url: `${server.baseUrl.replace("127.0.0.1", "localhost")}/hello` }).catch((error: unknown) => error);
    expect(target).toMatchObject({ attempts: 0, maybeReceived: false, message: expect.stringMatching(/Retry-After/) });
    // Nor is it asked through a redirect from a host that is not quiet: on fetch's connections or one of its own.
    const asked = server.requests(/\/busy$/).length;
    for (const retryIfMaybeReceived of [true, false]) {
      const redirected = await court.request({ url: `${server.baseUrl}/to-busy-elsewhere`, retryIfMaybeReceived }).catch((error: unknown) => error);
      expect(redirected).toBeInstanceOf(CourtHttpError);
      expect((redirected as CourtHttpError).retryAt!.getTime()).toBeGreaterThan(Date.now() + 100_000);
      // The request itself was answered (the redirect): a billed report may have been billed, so it is one
      // the court may have received (ecf-request.ts keeps its fee estimate). Before: not received, fee dropped.
      expect(redirected).toMatchObject({ maybeReceived: true });
    }
    expect(server.requests(/\/busy$/).length).toBe(asked);
  });

  it("sends nothing that was waiting for its turn at the host when the court's answer asked for quiet", async () => {
    // One request at a time: the second waits for the first's turn to end, which is the court's 429.
    const court = client({ defaultLimit: { ratePerSecond: 1000, concurrency: 1 } });
    const before = server.log.length;
    const [busy, queued] = await Promise.all(
      ["/busy", "/hello"].map((path) => court.request({ url: `${server.baseUrl}${path}` }).catch((error: unknown) => error)),
    );
    expect(busy).toMatchObject({ attempts: 1, message: expect.stringMatching(/answered HTTP 429/) });
    expect(queued).toBeInstanceOf(CourtHttpError);
    expect(queued).toMatchObject({ attempts: 0, maybeReceived: false, message: expect.stringMatching(/Retry-After/) });
    expect((queued as CourtHttpError).retryAt!.getTime()).toBeGreaterThan(Date.now() + 100_000);
    expect(server.log.length - before).toBe(1);
  });

  it("hands back at once a gateway error whose Retry-After is longer than it waits, and keeps the host open (only 429 and 503 ask for quiet)", async () => {
    const court = client();
    // Before: retried after the whole Retry-After (an hour), holding its caller or refresh step that long.
    const answer = await court.request({ url: `${server.baseUrl}/gateway-later` });
    expect(answer).toMatchObject({ status: 502, attempts: 1 });
    expect(server.requests(/\/gateway-later/)).toHaveLength(1);
    expect((await court.request({ url: `${server.baseUrl}/hello` })).status).toBe(200);
  });

  it("does not repeat a request that ended in a redirect loop: the court answers it the same way each time", async () => {
    const failure = await client().request({ url: `${server.baseUrl}/loop` }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CourtHttpError);
    expect(failure).toMatchObject({ attempts: 1, message: expect.stringMatching(/redirect/) });
    // One attempt: the request and fetch's 20 redirects (before, each of the three attempts: 63 requests).
    expect(server.requests(/\/loop/)).toHaveLength(21);
  });

  it("stores cookies a court sets and sends them back to it", async () => {
    const jar = new CookieJar();
    await client().request({ url: `${server.baseUrl}/set-cookie`, cookies: jar });
    const echoed = await client().request({ url: `${server.baseUrl}/echo-cookie`, cookies: jar });
    expect(echoed.text()).toBe("session=abc");
    const other = new CookieJar();
    other.set(".uscourts.gov", "NextGenCSO", "t");
    expect(other.headerFor("https://ecf.cand.uscourts.gov/cgi-bin/DktRpt.pl")).toBe("NextGenCSO=t");
    expect(other.headerFor("https://example.org/")).toBeNull();
  });

  it("keeps the cookies a court sets on a redirect and sends them to its target, on fetch's connections and on one of its own", async () => {
    for (const retryIfMaybeReceived of [true, false]) {
      const jar = new CookieJar();
      jar.set("127.0.0.1", "NextGenCSO", "token");
      const page = await client().request({ url: `${server.baseUrl}/login-redirect`, cookies: jar, retryIfMaybeReceived });
      // Before: fetch followed the 302 and dropped its Set-Cookie: the target answered 401 "not logged in".
      expect(page.status, `retryIfMaybeReceived ${retryIfMaybeReceived}`).toBe(200);
      expect(page.text()).toBe("page for NextGenCSO=token; KEY=hop");
      expect(page.url).toBe(`${server.baseUrl}/needs-session`);
      expect(jar.headerFor(`${server.baseUrl}/anything`)).toBe("NextGenCSO=token; KEY=hop");
    }
  });

  it("spaces starts by the host's pace, live first, and drops a waiter whose caller gave up", async () => {
    // On a fake clock: each start is recorded at the moment the limiter's timer grants it, not whenever a busy
    // event loop gets round to the waiter (real timers measured gaps of 18 ms under load).
    vi.useFakeTimers();
    try {
      await pacedStarts();
    } finally {
      vi.useRealTimers();
    }
  });

  async function pacedStarts(): Promise<void> {
    const limiter = new HostLimiter(() => ({ ratePerSecond: 20, concurrency: 1 }));
    const order: string[] = [];
    const starts: number[] = [];
    const take = async (name: string, priority: "live" | "background", signal?: AbortSignal) => {
      const release = await limiter.acquire("court.example", signal, priority);
      order.push(name);
      starts.push(Date.now());
      setTimeout(release, 5);
    };
    const gaveUp = new AbortController();
    const all = [take("b1", "background"), take("b2", "background"), take("b3", "background", gaveUp.signal).catch(() => order.push("b3 gave up")), take("b4", "background")];
    gaveUp.abort();
    all.push(take("live", "live"));
    const done = Promise.all(all);
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(order).toContain("b3 gave up");
    expect(order.filter((name) => name !== "b3 gave up")).toEqual(["b1", "live", "b2", "b4"]);
    for (let index = 1; index < starts.length; index += 1) expect(starts[index]! - starts[index - 1]!).toBeGreaterThanOrEqual(49);
  }

  it("reads per-host limits and backs off exponentially with jitter", () => {
    const rules = parseHostLimits("*.uscourts.gov=1/2, acis.flcourts.gov=2.5/2, *.ecf.uscourts.gov=0.5/1");
    const fallback = { ratePerSecond: 5, concurrency: 5 };
    expect(limitForHost(rules, fallback, "acis.flcourts.gov")).toEqual({ ratePerSecond: 2.5, concurrency: 2 });
    expect(limitForHost(rules, fallback, "pacer.login.uscourts.gov")).toEqual({ ratePerSecond: 1, concurrency: 2 });
    expect(limitForHost(rules, fallback, "cand.ecf.uscourts.gov")).toEqual({ ratePerSecond: 0.5, concurrency: 1 });
    expect(limitForHost(rules, fallback, "search.txcourts.gov")).toEqual(fallback);
    expect(() => parseHostLimits("nonsense")).toThrow(/host=rate\/concurrency/);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const delay = backoff(100, attempt);
      expect(delay).toBeGreaterThanOrEqual(50 * 2 ** (attempt - 1));
      expect(delay).toBeLessThanOrEqual(100 * 2 ** (attempt - 1));
    }
  });
});
