// The typed client factory (court-docket-api/client): base URL, sandbox switch, tag, and a fetch the
// caller replaces (here one that answers from the route handlers in-process and records what it sent).
import { describe, expect, it } from "vitest";
import { caseResponseSchema } from "@/contract";
import { createServiceClient } from "@/contract/client.ts";
import { GET as getCase } from "@/app/v2/case/route";
import { GET as getMonitor } from "@/app/v2/monitor/route";
import { GET as getStatus } from "@/app/v2/status/route";

const handlers: Record<string, (request: Request) => Promise<Response>> = { "/v2/case": getCase, "/v2/monitor": getMonitor, "/v2/status": getStatus };

function recordingFetch() {
  const sent: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(request.clone());
    return handlers[new URL(request.url).pathname]!(request);
  }) as typeof fetch;
  return { sent, fetchImpl };
}

describe("createServiceClient", () => {
  it("sends the sandbox switch and the tag, through the fetch it is given, and returns typed answers", async () => {
    const { sent, fetchImpl } = recordingFetch();
    const api = createServiceClient({ baseUrl: "http://api.example.test/", sandbox: true, tag: "agent-9", fetch: fetchImpl });
    const answer = await api.getCase({ query: { case_id: "23-15678", court_code: "ca9", context: "full" } });
    expect(answer.status).toBe(200);
    if (answer.status !== 200) throw new Error("unreachable");
    expect(answer.body.meta).toMatchObject({ sandbox: true, tag: "agent-9", context_delivered: "full" });
    expect(sent[0]!.url).toBe("http://api.example.test/v2/case?case_id=23-15678&court_code=ca9&context=full");
    expect(sent[0]!.headers.get("x-service-test")).toBe("1");
    expect(sent[0]!.headers.get("x-service-tag")).toBe("agent-9");
  });

  it("sends a tag beyond Latin-1 as its UTF-8 bytes, which the server reads back as the text", async () => {
    const { sent, fetchImpl } = recordingFetch();
    const api = createServiceClient({ baseUrl: "http://api.example.test", sandbox: true, tag: "東京", fetch: fetchImpl });
    const answer = await api.getCase({ query: { case_id: "23-15678", court_code: "ca9" } });
    expect(sent[0]!.headers.get("x-service-tag")).toBe(Buffer.from("東京", "utf8").toString("latin1"));
    expect(answer.status).toBe(200);
    if (answer.status !== 200) throw new Error("unreachable");
    expect(answer.body.meta.tag).toBe("東京");
    // A tag given for one call is sent the same way.
    const once = await api.getCase({ query: { case_id: "23-15678", court_code: "ca9" }, headers: { "x-service-tag": "über 東京" } });
    expect(sent[1]!.headers.get("x-service-tag")).toBe(Buffer.from("über 東京", "utf8").toString("latin1"));
    expect(once.status === 200 && once.body.meta.tag).toBe("über 東京");
  });

  it("returns errors in the envelope, typed by status", async () => {
    const { fetchImpl } = recordingFetch();
    const api = createServiceClient({ baseUrl: "http://api.example.test", fetch: fetchImpl });
    const answer = await api.monitorCase({ query: { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z" } });
    expect(answer.status).toBe(402);
    if (answer.status !== 402) throw new Error("unreachable");
    expect(answer.body.error.code).toBe("payment_required");
  });

  it("sends If-None-Match as a typed header and returns the 304 without a body (undefined, as typed)", async () => {
    const { sent, fetchImpl } = recordingFetch();
    const api = createServiceClient({ baseUrl: "http://api.example.test", fetch: fetchImpl });
    const first = await api.getStatus();
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    const again = await api.getStatus({ headers: { "if-none-match": etag } });
    expect(sent[1]!.headers.get("if-none-match")).toBe(etag);
    expect(again.status).toBe(304);
    if (again.status !== 304) throw new Error("unreachable");
    const body: undefined = again.body;
    expect(body).toBeUndefined();
  });

  it("checks answers against the contract: a malformed body throws, unless checking is turned off", async () => {
    const malformed = { meta: { request_id: "req_x" }, case_id: 42 };
    const fetchImpl = (async () => Response.json(malformed)) as unknown as typeof fetch;
    const query = { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z" };
    await expect(createServiceClient({ baseUrl: "http://api.example.test", fetch: fetchImpl }).monitorCase({ query })).rejects.toThrow(/case_id|meta/);
    const unchecked = await createServiceClient({ baseUrl: "http://api.example.test", fetch: fetchImpl, validateResponse: false }).monitorCase({ query });
    expect(unchecked.body).toEqual(malformed);
  });
});

describe("createServiceClient reading a newer server's answers", () => {
  const query = { case_id: "1:23-cv-04567", court_code: "nysd", context: "full" as const, last_checked: "2026-11-15T00:00:00Z" };

  /** A real sandbox answer with a delta, changed by `edit` as a newer server (or a broken one) would send it. */
  async function answerWith(edit: (body: Record<string, any>) => void) {
    const { fetchImpl } = recordingFetch();
    const served = await fetchImpl(`http://api.example.test/v2/case?${new URLSearchParams(query)}`, { headers: { "x-service-test": "1" } });
    const body = (await served.json()) as Record<string, any>;
    expect(body.delta).toBeDefined();
    edit(body);
    return (async () => Response.json(body)) as unknown as typeof fetch;
  }

  it("keeps an answer (already paid for) that carries fields this client does not know, with the fields it knows", async () => {
    const fetchImpl = await answerWith((body) => {
      body.delta.added_later = { anything: 1 };
      body.added_later = "x";
    });
    const answer = await createServiceClient({ baseUrl: "http://api.example.test", fetch: fetchImpl }).getCase({ query });
    expect(answer.status).toBe(200);
    if (answer.status !== 200) throw new Error("unreachable");
    expect(answer.body.case_id).toBe("1:23-cv-04567");
    expect(answer.body.delta?.since).toBe("2026-11-15T00:00:00Z");
    expect(answer.body.delta?.change_count).toBeGreaterThan(0);
    expect(answer.body).not.toHaveProperty("added_later");
    expect(answer.body.delta).not.toHaveProperty("added_later");
    expect("docket_history" in answer.body.case).toBe(true);
  });

  it("still refuses a field it knows with the wrong type", async () => {
    const fetchImpl = await answerWith((body) => {
      body.delta.added_later = 1;
      body.delta.change_count = "three";
    });
    await expect(createServiceClient({ baseUrl: "http://api.example.test", fetch: fetchImpl }).getCase({ query })).rejects.toThrow(/change_count/);
  });

  it("does not read a full case with a bad field as a basic case (dropping the full case's fields)", async () => {
    const fetchImpl = await answerWith((body) => {
      body.case.docket_history[0].entry_number = "one";
    });
    await expect(createServiceClient({ baseUrl: "http://api.example.test", fetch: fetchImpl }).getCase({ query })).rejects.toThrow();
  });

  it("leaves the contract's own schemas strict: the server's answers are checked against them", async () => {
    const fetchImpl = await answerWith((body) => {
      body.delta.added_later = 1;
    });
    expect(caseResponseSchema.safeParse(await (await fetchImpl("http://api.example.test")).json()).success).toBe(false);
  });
});
