// Issue 20 point 1 (spec, Events 1: "The synchronous 200 response is returned first and is not delayed"):
// a paid answer with callback_url never waits for the hand-over of its delivery to Inngest. The Inngest
// client sends to a stand-in event API of ours that answers slowly, never answers, or is not listening:
// the answer is back while the event API has not answered, and what was not handed over stays for the
// sweep. Ordering, not timing: nothing here depends on how fast the machine is.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findCourt } from "@/lib/courts/registry";
import { generateDemoCase } from "@/lib/sources/demo/generate-case";
import { startPaidEnvironment, type PaidEnvironment } from "../helpers/paid-environment";
import type { Payer } from "../helpers/payer";
import { freePort } from "../helpers/start-next";
import { EACH_DATABASE } from "../helpers/test-database";

type Mode = "slow" | "silent" | "closed";

/** Each request's hand-over after its answer (the real one), by request id: a test waits for its end. */
const handOvers = new Map<string, Promise<void>>();
vi.mock("@/lib/callbacks/finish-request-deliveries", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/callbacks/finish-request-deliveries")>();
  return {
    ...real,
    finishRequestDeliveries: (...args: Parameters<typeof real.finishRequestDeliveries>) => {
      const running = real.finishRequestDeliveries(...args);
      handOvers.set(args[0], running);
      return running;
    },
  };
});

let mode: Mode = "slow";
let eventPort: number;
let eventApi: Server | undefined;
/** Event API requests: when each arrived and when (if ever) it was answered. */
const calls: Array<{ answeredAt: number | null }> = [];
const held: ServerResponse[] = [];

function listen(): Promise<void> {
  eventApi = createServer((request: IncomingMessage, response: ServerResponse) => {
    const call = { answeredAt: null as number | null };
    calls.push(call);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const events = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown[];
      const answer = () => {
        call.answeredAt = Date.now();
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ids: events.map((_, i) => `evt-${i}`), status: 200 }));
      };
      if (mode === "slow") setTimeout(answer, 3_000);
      else held.push(response); // silent: never answers
    });
  });
  return new Promise((resolve) => eventApi!.listen(eventPort, "127.0.0.1", () => resolve()));
}

const caseIds = (() => {
  const ids: string[] = [];
  for (let number = 1; ids.length < 6; number += 1) {
    const id = `1:21-cv-${String(number).padStart(5, "0")}`;
    if (generateDemoCase(findCourt("nysd")!, id, new Date(), { downCourts: new Set() }).kind === "found") ids.push(id);
  }
  return ids;
})();

beforeAll(async () => {
  eventPort = await freePort();
  // Read by the Inngest client when the routes are first imported (below).
  process.env.INNGEST_EVENT_KEY = "test-event-key";
  process.env.INNGEST_BASE_URL = `http://127.0.0.1:${eventPort}`;
});

afterAll(async () => {
  for (const response of held) response.destroy();
  eventApi?.closeAllConnections();
  await new Promise((resolve) => (eventApi ? eventApi.close(resolve) : resolve(undefined)));
  delete process.env.INNGEST_EVENT_KEY;
  delete process.env.INNGEST_BASE_URL;
});

describe.each(EACH_DATABASE)("a paid answer with a callback on %s", (_name, target) => {
  let environment: PaidEnvironment;
  let payer: Payer;
  let getCase: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    environment = await startPaidEnvironment({ target });
    payer = await environment.payer(2);
    getCase = (await import("@/app/v2/case/route")).GET;
  }, 120_000);
  afterAll(async () => {
    await environment?.close();
  });

  /** A paid case query with a callback; resolves when the answer is back, with the delivery's id. */
  async function paidQuery(index: number): Promise<{ status: number; answeredAt: number; deliveryId: string; requestId: string }> {
    const url = `http://localhost:3000/v2/case?case_id=${caseIds[index]}&court_code=nysd&callback_url=${encodeURIComponent("http://127.0.0.1:9/hook")}`;
    const proof = await payer.paymentFor(await getCase(new Request(url)));
    const answer = await getCase(new Request(url, { headers: { "payment-signature": proof } }));
    const answeredAt = Date.now();
    const [delivery] = await environment.opened.db.prisma.callbackDelivery.findMany({ where: { requestId: answer.headers.get("x-request-id")! } });
    return { status: answer.status, answeredAt, deliveryId: delivery!.id, requestId: answer.headers.get("x-request-id")! };
  }

  const dispatchedAt = async (id: string) => (await environment.opened.db.prisma.callbackDelivery.findUniqueOrThrow({ where: { id } })).dispatchedAt;

  it.each([
    ["answers slowly (after 3 s)", "slow", 0],
    ["never answers", "silent", 2],
    ["is not listening", "closed", 4],
  ] as const)("answers first when the event API %s", async (_what, wanted: Mode, index) => {
    mode = wanted;
    if (wanted === "closed") {
      eventApi?.closeAllConnections();
      await new Promise((resolve) => (eventApi ? eventApi.close(resolve) : resolve(undefined)));
      eventApi = undefined;
    } else if (!eventApi) {
      await listen();
    }
    const before = calls.length;
    const answer = await paidQuery(index);
    expect(answer.status).toBe(200);
    // Back before the event API answered anything about this delivery.
    for (const call of calls.slice(before)) expect(call.answeredAt === null || call.answeredAt > answer.answeredAt).toBe(true);
    if (wanted === "slow") {
      // Handed over once the slow API answered.
      for (let waited = 0; waited < 15_000 && (await dispatchedAt(answer.deliveryId)) === null; waited += 200) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await dispatchedAt(answer.deliveryId)).not.toBeNull();
      expect(calls.slice(before).some((call) => call.answeredAt !== null && call.answeredAt > answer.answeredAt)).toBe(true);
    } else {
      // Not handed over: once the hand-over has given up (the event API's 5 s at most, at once when nothing
      // listens), the record waits, released and undispatched, for the sweep. Before: a fixed 6 s, past the
      // time-out, also when the refusal came at once.
      await expect.poll(() => handOvers.has(answer.requestId), { timeout: 10_000 }).toBe(true);
      await handOvers.get(answer.requestId);
      const row = await environment.opened.db.prisma.callbackDelivery.findUniqueOrThrow({ where: { id: answer.deliveryId } });
      expect(row).toMatchObject({ status: "pending", dispatchedAt: null });
    }
  }, 60_000);
});
