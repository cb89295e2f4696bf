// A request body whose connection closes before its end (the caller went away, or the server's time limit for a
// request ended it): the caller's bad request in our envelope, never an "unexpected error" logged with a stack
// (a client that abandons its uploads must not flood the error log), and MCP says what happened (it said "larger
// than 512 KB").
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as postBatch } from "@/app/v2/cases/batch/route";
import { ServiceError } from "@/lib/errors";
import { readBodyText } from "@/lib/http/parse-input";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

/** A body that sends `first` and then breaks off, as Node's request stream does when the socket closes. */
function cutShort(first: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
      controller.error(new Error("aborted"));
    },
  });
}

const post = (url: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request(url, { method: "POST", body, headers: { "content-type": "application/json", ...headers }, duplex: "half" } as RequestInit);

afterEach(() => vi.restoreAllMocks());

describe("a request body cut short", () => {
  it("is refused as the caller's request, not read as a server failure", async () => {
    const reading = readBodyText(post("http://localhost:3000/x", cutShort('{"queries": [')), 1_000, () => new ServiceError("invalid_parameter", "too large"));
    await expect(reading).rejects.toBeInstanceOf(ServiceError);
    await expect(reading).rejects.toMatchObject({ code: "invalid_parameter", message: expect.stringMatching(/did not arrive whole/) });
  });

  it("answers a batch 400 invalid_parameter in the envelope, with no unexpected error logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await postBatch(post("http://localhost:3000/v2/cases/batch?test=1", cutShort('{"queries": [')));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: "invalid_parameter", message: expect.stringMatching(/did not arrive whole/) });
    expect(logged.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("unexpected error"))).toEqual([]);
  });

  it("answers MCP with a JSON-RPC Invalid Request that says the message was cut short, not that it was too large", async () => {
    const response = await handleMcpRequest(post("http://localhost:3000/v2/mcp?test=1", cutShort('{"jsonrpc":"2.0",'), { accept: "application/json, text/event-stream" }));
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toMatch(/did not arrive whole/);
    expect(body.error.message).not.toMatch(/larger than/);
  });
});
