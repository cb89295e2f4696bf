// The transport of requests that must not be sent twice (lib/sources/http/send-on-own-connection.ts), over
// real loopback HTTP: credentials never follow a redirect to another origin, an exchange that ends without an
// answer settles, answers are decoded as fetch decodes them, and endless redirects stop.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { OwnConnectionError, sendOnOwnConnection } from "@/lib/sources/http/send-on-own-connection";

const servers: Server[] = [];
async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const send = (url: string, extra: { method?: string; body?: string } = {}) =>
  sendOnOwnConnection(url, { method: extra.method ?? "POST", headers: { cookie: "NextGenCSO=secret", "user-agent": "test" }, body: extra.body ?? "case=1", signal: AbortSignal.timeout(5_000) });

describe("a request on a connection of its own", () => {
  it("keeps the session cookie on its own origin and drops it on a redirect to another (as fetch does)", async () => {
    const seen: Array<{ at: string; cookie: string | undefined; method: string | undefined }> = [];
    const other = await serve((request, response) => {
      seen.push({ at: "other", cookie: request.headers.cookie, method: request.method });
      request.resume().on("end", () => response.end("elsewhere"));
    });
    const origin = await serve((request, response) => {
      seen.push({ at: "origin", cookie: request.headers.cookie, method: request.method });
      request.resume().on("end", () => {
        if (request.url === "/report") response.writeHead(302, { location: "/same" }).end();
        else response.writeHead(307, { location: `${other}/next` }).end();
      });
    });
    const answer = await send(`${origin}/report`);
    expect(answer.status).toBe(200);
    expect(new TextDecoder().decode(answer.body)).toBe("elsewhere");
    expect(seen).toEqual([
      { at: "origin", cookie: "NextGenCSO=secret", method: "POST" },
      { at: "origin", cookie: "NextGenCSO=secret", method: "GET" }, // 302 after a POST: a GET, as fetch
      { at: "other", cookie: undefined, method: "GET" },
    ]);
  });

  it("settles when the connection ends without an answer, counting the request as received once written", async () => {
    // An upgrade answer: Node gives it to no response handler and closes the connection.
    const upgrading = await serve((request) => {
      request.resume().on("end", () => request.socket.end("HTTP/1.1 101 Switching Protocols\r\nUpgrade: other\r\nConnection: Upgrade\r\n\r\n"));
    });
    const failure = await send(`${upgrading}/report`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OwnConnectionError);
    expect((failure as OwnConnectionError).written).toBe(true);
  });

  it("decodes a gzip answer, and stops after five redirects as received", async () => {
    const html = "<html><body>docket</body></html>";
    const zipped = await serve((request, response) => {
      request.resume().on("end", () => response.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(html)));
    });
    expect(new TextDecoder().decode((await send(`${zipped}/report`)).body)).toBe(html);
    const looping = await serve((request, response) => {
      request.resume().on("end", () => response.writeHead(307, { location: "/again" }).end());
    });
    const failure = await send(`${looping}/report`).catch((error: unknown) => error);
    expect(failure).toMatchObject({ written: true, message: expect.stringMatching(/more than 5 redirects/) });
  });

  it("decodes deflate as servers send it (zlib-wrapped, or raw as IIS sends it) and brotli, as fetch does: a whole answer is never a lost one", async () => {
    const html = "<html><body>docket – Peña</body></html>";
    for (const [coding, encode] of [
      ["deflate", deflateSync],
      ["deflate", deflateRawSync],
      ["br", brotliCompressSync],
    ] as const) {
      const court = await serve((request, response) => {
        request.resume().on("end", () => response.writeHead(200, { "content-encoding": coding }).end(encode(html)));
      });
      const answer = await send(`${court}/report`);
      expect(new TextDecoder().decode(answer.body), `${coding} ${encode.name}`).toBe(html);
    }
  });
});
