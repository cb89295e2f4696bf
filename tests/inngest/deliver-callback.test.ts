// The delivery function, run by @inngest/test with its real steps against a real local HTTP receiver
// and a real database: signed POSTs, the retry schedule, the terminal states, and the SSRF guard.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callbackDeliveryBodySchema, lenientSchema } from "@/contract";
import { verifyDelivery } from "@/contract/callbacks/verify-delivery.ts";
import { deliverCallback } from "@/inngest/functions/deliver-callback";
import { attemptDelivery } from "@/lib/callbacks/attempt-delivery";
import { createDeliveries } from "@/lib/callbacks/create-deliveries";
import { DELAYS_MINUTES } from "@/lib/callbacks/delivery-schedule";
import { findDeliveriesToHandOver } from "@/lib/callbacks/find-deliveries-to-hand-over";
import { useDatabase } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { rotateSigningKey } from "@/lib/keys/rotate-signing-key";
import { lookupSandboxCase } from "@/lib/sandbox/lookup-sandbox-case";
import { buildCaseResponse } from "@/lib/cases/build-case-response";
import { parseCaseRequest } from "@/lib/cases/parse-case-request";
import { freePort } from "../helpers/start-next";
import { DATABASE_TARGETS, type TestDatabase } from "../helpers/test-database";

vi.stubEnv("SIGNING_KEYS_ENCRYPTION_KEY", "22".repeat(32));
vi.stubEnv("CALLBACK_ALLOW_PRIVATE_TARGETS", "1");
resetEnvForTests();

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

let opened: TestDatabase;
let server: Server;
let port: number;
let received: Received[] = [];
let answers: number[] = [];

beforeAll(async () => {
  opened = await DATABASE_TARGETS[0]!.open();
  useDatabase(opened.db);
  port = await freePort();
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answers.shift() ?? 200;
      response.writeHead(status, status === 302 ? { location: "http://127.0.0.1:1/elsewhere" } : {});
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await opened?.dispose();
});
beforeEach(() => {
  received = [];
  answers = [];
});

const meta = { request_id: "req_0123456789abcdef01234567", queried_at: "2026-11-20T10:00:00.000Z", sandbox: false, tag: null };

async function newDelivery(url = `http://127.0.0.1:${port}/hooks/dockets`) {
  const wallet = `0x${Math.random().toString(16).slice(2).padEnd(40, "a").slice(0, 40)}`;
  const rotation = await rotateSigningKey({ prisma: opened.db.prisma, wallet, meta, queryCostUsd: 0.99, now: new Date() });
  const request = parseCaseRequest({ case_id: "1:22-cr-00123", court_code: "dcd" }, new Date());
  const lookup = await lookupSandboxCase(request.court, request.caseId, new Date());
  if (lookup.kind !== "found") throw new Error("fixture missing");
  const payload = buildCaseResponse({ record: lookup.record, request, meta, queryCostUsd: 0.99, now: new Date() });
  const [id] = await createDeliveries({
    prisma: opened.db.prisma,
    wallet,
    requestId: meta.request_id,
    now: new Date("2026-11-20T10:00:01.000Z"),
    deliveries: [{ caseId: "1:22-cr-00123", courtCode: "dcd", callbackUrl: url, payload, queriedAt: payload.meta.queried_at }],
  });
  // Deliveries are created held; the settlement of their request's payment releases them
  // (lib/payments/close-payment.ts). These tests start from a paid request.
  await opened.db.prisma.callbackDelivery.update({ where: { id: id! }, data: { status: "pending" } });
  return { id: id!, wallet, secrets: { [rotation.new_key_id]: rotation.new_key_secret }, keyId: rotation.new_key_id, payload };
}

/** @inngest/test cannot wait out step.sleep: each sleep step gets a mocked (instant) result. */
const sleeps = () => Array.from({ length: 6 }, (_, index) => ({ id: `wait-${index + 1}`, handler: () => null }));

/** A run of the delivery's hand-over `handOver` (0: the first; a resumed one: the delivery's `resumes` then). */
async function run(deliveryId: string, handOver?: number) {
  const engine = new InngestTestEngine({ function: deliverCallback });
  const data = handOver === undefined ? { delivery_id: deliveryId } : { delivery_id: deliveryId, hand_over: handOver };
  return engine.execute({ events: [{ name: "callbacks/delivery.requested", data }], steps: sleeps() });
}

/** Inngest's call of the function's failure handler for a run of hand-over `handOver`. */
const reportFailure = (deliveryId: string, message: string, handOver?: number) =>
  deliverCallback.opts.onFailure!({ event: { data: { event: { data: { delivery_id: deliveryId, hand_over: handOver } } } }, error: new Error(message) } as never);

describe("deliver-callback", () => {
  it("delivers on the first try: a signed POST of {payload, webhook}, recorded as succeeded", async () => {
    const delivery = await newDelivery();
    const { result, ctx } = await run(delivery.id);
    expect(result).toEqual({ delivery_id: delivery.id, state: "succeeded", attempts: 1 });
    expect(ctx.step.sleep).not.toHaveBeenCalled();
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["idempotency-key"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Math.abs(Number(request!.headers["x-service-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    const verified = verifyDelivery({ rawBody: request!.body, headers: request!.headers as Record<string, string>, secrets: delivery.secrets });
    expect(verified).toMatchObject({ ok: true, keyId: delivery.keyId });
    expect(JSON.parse(request!.body)).toEqual({
      payload: delivery.payload,
      webhook: { version: "2.0", event_type: "case_query_complete", date_created: "2026-11-20T10:00:01.000Z", deprecation_date: null },
    });
    // What docs/callbacks.md tells receivers: the body's schema, strict, and its lenient reading for a body of a
    // later version that adds fields.
    const body = JSON.parse(request!.body);
    expect(callbackDeliveryBodySchema.safeParse(body).success).toBe(true);
    const later = { payload: { ...body.payload, added_later: 1 }, webhook: { ...body.webhook, added_later: true } };
    expect(callbackDeliveryBodySchema.safeParse(later).success).toBe(false);
    expect(lenientSchema(callbackDeliveryBodySchema).parse(later)).toEqual(body);
    const stored = await opened.db.prisma.callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { attemptsLog: true } });
    expect(stored).toMatchObject({ status: "succeeded", attempts: 1, lastResponseCode: 200 });
    expect(stored.attemptsLog).toEqual([expect.objectContaining({ attemptNumber: 1, responseCode: 200, error: null, keyId: delivery.keyId })]);
  });

  it("dates the webhook no earlier than the answer it carries (the request's start is by another clock)", async () => {
    const request = parseCaseRequest({ case_id: "1:22-cr-00123", court_code: "dcd" }, new Date());
    const lookup = await lookupSandboxCase(request.court, request.caseId, new Date());
    if (lookup.kind !== "found") throw new Error("fixture missing");
    const payload = buildCaseResponse({ record: lookup.record, request, meta: { ...meta, queried_at: "2026-11-20T10:00:01.050Z" }, queryCostUsd: 0.99, now: new Date() });
    const { requestDeliveries } = await import("@/lib/callbacks/request-deliveries");
    const wallet = `0x${"b".repeat(40)}`;
    await requestDeliveries({ wallet, requestId: "req_dated", now: new Date("2026-11-20T10:00:01.000Z"), answered: [{ request: { ...request, callbackUrl: "https://receiver.example/hooks" }, response: payload }] });
    const row = await opened.db.prisma.callbackDelivery.findFirstOrThrow({ where: { requestId: "req_dated" } });
    expect(JSON.parse(row.body).webhook.date_created).toBe("2026-11-20T10:00:01.050Z");
  });

  it("retries on the spec's schedule and succeeds on the 7th attempt, with one Idempotency-Key", async () => {
    const delivery = await newDelivery();
    answers = [500, 503, 404, 302, 500, 429, 204];
    const { result, ctx } = await run(delivery.id);
    expect(result).toEqual({ delivery_id: delivery.id, state: "succeeded", attempts: 7 });
    expect(received).toHaveLength(7);
    expect(new Set(received.map((request) => request.headers["idempotency-key"])).size).toBe(1);
    expect(new Set(received.map((request) => request.body)).size).toBe(1);
    const stored = await opened.db.prisma.callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { attemptsLog: { orderBy: { attemptNumber: "asc" } } } });
    expect(stored).toMatchObject({ status: "succeeded", attempts: 7, lastResponseCode: 204 });
    expect(stored.attemptsLog.map((attempt) => attempt.responseCode)).toEqual([500, 503, 404, 302, 500, 429, 204]);
    // Each attempt is due the spec's delay after the one before it (3, 9, 27, 81, 243, 729 minutes).
    expect(ctx.step.sleep).not.toHaveBeenCalled();
    const dueTimes = (ctx.step.sleepUntil as unknown as ReturnType<typeof vi.fn>).mock.calls.map(([, time]) => new Date(time as Date).getTime());
    expect(dueTimes).toEqual(stored.attemptsLog.slice(0, 6).map((attempt, index) => attempt.attemptedAt.getTime() + DELAYS_MINUTES[index]! * 60_000));
  });

  it("gives up after 7 failed attempts: failed, and no 8th", async () => {
    const delivery = await newDelivery();
    answers = Array(8).fill(500);
    const { result } = await run(delivery.id);
    expect(result).toEqual({ delivery_id: delivery.id, state: "failed", attempts: 7 });
    expect(received).toHaveLength(7);
    expect(await opened.db.prisma.callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "failed", attempts: 7, lastResponseCode: 500 });
  });

  it("counts a network error like a non-2xx answer, and records it", async () => {
    const closed = await freePort();
    const delivery = await newDelivery(`http://127.0.0.1:${closed}/nobody-listens`);
    const { result } = await run(delivery.id);
    expect(result).toEqual({ delivery_id: delivery.id, state: "failed", attempts: 7 });
    const attempts = await opened.db.prisma.callbackAttempt.findMany({ where: { deliveryId: delivery.id } });
    expect(attempts).toHaveLength(7);
    for (const attempt of attempts) {
      expect(attempt.responseCode).toBeNull();
      expect(attempt.error).toMatch(/network error: .*ECONNREFUSED/);
    }
  });

  it("signs each attempt with the wallet's current key at the time of the attempt", async () => {
    const delivery = await newDelivery();
    answers = [500, 200];
    await attemptDelivery({ prisma: opened.db.prisma, deliveryId: delivery.id, attempt: 1, now: () => new Date(), allowPrivateTargets: true });
    const rotated = await rotateSigningKey({ prisma: opened.db.prisma, wallet: delivery.wallet, meta, queryCostUsd: 0.99, now: new Date() });
    await attemptDelivery({ prisma: opened.db.prisma, deliveryId: delivery.id, attempt: 2, now: () => new Date(), allowPrivateTargets: true });
    expect(received.map((request) => request.headers["x-service-signature-key-id"])).toEqual([delivery.keyId, rotated.new_key_id]);
    expect(verifyDelivery({ rawBody: received[1]!.body, headers: received[1]!.headers as Record<string, string>, secrets: { [rotated.new_key_id]: rotated.new_key_secret } }).ok).toBe(true);
    // A step retried after its attempt was recorded does not post again.
    await attemptDelivery({ prisma: opened.db.prisma, deliveryId: delivery.id, attempt: 2, now: () => new Date(), allowPrivateTargets: true });
    expect(received).toHaveLength(2);
  });

  it("refuses targets on internal addresses unless configured to allow them", async () => {
    for (const host of ["127.0.0.1", "localhost", "[::1]"]) {
      const delivery = await newDelivery(`http://${host}:${port}/hooks`);
      const outcome = await attemptDelivery({ prisma: opened.db.prisma, deliveryId: delivery.id, attempt: 1, now: () => new Date(), allowPrivateTargets: false });
      expect(outcome).toMatchObject({ state: "retrying", responseCode: null, error: expect.stringMatching(/internal address/) });
    }
    expect(received).toHaveLength(0);
  });

  it("refuses an internal address however the URL writes it", async () => {
    // Decimal, octal and hex IPv4, IPv4 inside IPv6 (mapped, the old IPv4-compatible form, SIIT, 6to4, NAT64,
    // Teredo's client), the
    // unspecified address (which reaches this host), a trailing dot, and credentials before the host.
    const hosts = [
      "2130706433", "0177.0.0.1", "0x7f.1", "127.1", "127.0.0.1.", "good.example.com@127.0.0.1", "0.0.0.0", "[::]",
      "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[::127.0.0.1]", "[::ffff:0:127.0.0.1]", "[0:0:0:0:0:0:0:1]",
      "[2002:7f00:1::1]", "[64:ff9b::127.0.0.1]", "[2001:0:808:808::80ff:fffe]",
    ];
    for (const host of hosts) {
      const delivery = await newDelivery(`http://${host}:${port}/hooks`);
      const outcome = await attemptDelivery({ prisma: opened.db.prisma, deliveryId: delivery.id, attempt: 1, now: () => new Date(), allowPrivateTargets: false });
      expect(outcome, host).toMatchObject({ state: "retrying", responseCode: null, error: expect.stringMatching(/internal address/) });
    }
    expect(received).toHaveLength(0);
  });
});

describe("a delivery whose run fails", () => {
  const prisma = () => opened.db.prisma;
  const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);
  const handedOver = async (now: Date) => (await findDeliveriesToHandOver(prisma(), now)).map((handOver) => handOver.eventId);

  it("is handed back, handed over again later under an event id of its own, and carried on from the attempts recorded", async () => {
    const delivery = await newDelivery();
    await prisma().callbackDelivery.update({ where: { id: delivery.id }, data: { dispatchedAt: new Date() } });
    answers = [500];
    // Attempt 2's step fails for good (its retries used up: the database away, the keys unreadable).
    const engine = new InngestTestEngine({ function: deliverCallback });
    const failed = await engine.execute({
      events: [{ name: "callbacks/delivery.requested", data: { delivery_id: delivery.id } }],
      steps: [...sleeps(), { id: "attempt-2", handler: () => { throw new Error("the database is away"); } }],
    });
    expect(failed.error).toBeDefined();
    expect(await prisma().callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "retrying", attempts: 1 });

    // Inngest then calls the function's failure handler: the delivery is handed back.
    const failedAt = new Date();
    await reportFailure(delivery.id, "the database is away");
    expect(await prisma().callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "retrying", dispatchedAt: null, resumes: 1 });
    // A second report of the same failure changes nothing.
    await reportFailure(delivery.id, "again");
    expect(await prisma().callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ resumes: 1 });

    // The sweep hands it over again after a wait, under a new event id (the first one is taken for a day).
    expect(await handedOver(at(failedAt, 4))).not.toContain(`delivery-${delivery.id}-resume-1`);
    expect(await handedOver(at(failedAt, 6))).toContain(`delivery-${delivery.id}-resume-1`);

    // The new run makes no attempt twice: attempt 1 stands, attempt 2 is due 3 minutes after it.
    answers = [200];
    const { result, ctx } = await run(delivery.id, 1);
    expect(result).toEqual({ delivery_id: delivery.id, state: "succeeded", attempts: 2 });
    expect(received).toHaveLength(2);
    const stored = await prisma().callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { attemptsLog: { orderBy: { attemptNumber: "asc" } } } });
    expect(stored.attemptsLog.map((attempt) => attempt.responseCode)).toEqual([500, 200]);
    const [[, due]] = (ctx.step.sleepUntil as unknown as ReturnType<typeof vi.fn>).mock.calls as [[string, Date]];
    expect(new Date(due).getTime()).toBe(stored.attemptsLog[0]!.attemptedAt.getTime() + 3 * 60_000);
  });

  it("is recovered also when its hand-over reached Inngest but was never recorded", async () => {
    const delivery = await newDelivery();
    // The request stopped waiting for the event API (or failed to record the hand-over): dispatched_at null,
    // yet the run started; its first attempt failed, and then the run failed for good.
    answers = [500];
    const engine = new InngestTestEngine({ function: deliverCallback });
    const failed = await engine.execute({
      events: [{ name: "callbacks/delivery.requested", data: { delivery_id: delivery.id, hand_over: 0 } }],
      steps: [...sleeps(), { id: "attempt-2", handler: () => { throw new Error("the database is away"); } }],
    });
    expect(failed.error).toBeDefined();
    expect(await prisma().callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "retrying", dispatchedAt: null, resumes: 0 });
    // Before the run's failure is reported, the sweep sends the first hand-over again (Inngest takes that id once).
    await prisma().callbackDelivery.update({ where: { id: delivery.id }, data: { createdAt: at(new Date(), -2) } });
    expect(await findDeliveriesToHandOver(prisma(), new Date())).toContainEqual({ deliveryId: delivery.id, eventId: `delivery-${delivery.id}`, handOver: 0 });
    // The failure report releases it, and the sweep hands it over again.
    await reportFailure(delivery.id, "the database is away", 0);
    expect(await prisma().callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ resumes: 1 });
    expect(await findDeliveriesToHandOver(prisma(), at(new Date(), 6))).toContainEqual({ deliveryId: delivery.id, eventId: `delivery-${delivery.id}-resume-1`, handOver: 1 });
  });

  it("is not attempted again by the sweep once finished, nor before its wait", async () => {
    const delivery = await newDelivery();
    await prisma().callbackDelivery.update({ where: { id: delivery.id }, data: { status: "succeeded", attempts: 1, dispatchedAt: new Date() } });
    await reportFailure(delivery.id, "late report");
    expect(await prisma().callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ resumes: 0 });
    expect(await handedOver(at(new Date(), 60 * 24))).not.toContain(`delivery-${delivery.id}-resume-1`);
  });

  it("waits longer with each resume, up to 6 hours", async () => {
    const delivery = await newDelivery();
    const releasedAt = new Date();
    await prisma().callbackDelivery.update({ where: { id: delivery.id }, data: { status: "retrying", attempts: 1, lastAttemptAt: releasedAt, releasedAt, resumes: 3 } });
    expect(await handedOver(at(releasedAt, 19))).not.toContain(`delivery-${delivery.id}-resume-3`);
    expect(await handedOver(at(releasedAt, 21))).toContain(`delivery-${delivery.id}-resume-3`);
    await prisma().callbackDelivery.update({ where: { id: delivery.id }, data: { resumes: 12 } });
    expect(await handedOver(at(releasedAt, 359))).not.toContain(`delivery-${delivery.id}-resume-12`);
    expect(await handedOver(at(releasedAt, 361))).toContain(`delivery-${delivery.id}-resume-12`);
  });

  it("posts nothing from a run that was only late when its delivery was handed over again, and its late failure releases nothing", async () => {
    const now = new Date();
    const delivery = await newDelivery();
    // Handed over 61 minutes ago, never attempted: the sweep takes the delivery from that run and, 5 minutes
    // later, hands it over again. The first run was only late: it and the new one both run now.
    await prisma().callbackDelivery.update({ where: { id: delivery.id }, data: { dispatchedAt: at(now, -61) } });
    await findDeliveriesToHandOver(prisma(), now);
    const [again] = (await findDeliveriesToHandOver(prisma(), at(now, 6))).filter((handOver) => handOver.deliveryId === delivery.id);
    expect(again).toEqual({ deliveryId: delivery.id, eventId: `delivery-${delivery.id}-resume-1`, handOver: 1 });
    await prisma().callbackDelivery.update({ where: { id: delivery.id }, data: { dispatchedAt: new Date() } });
    answers = Array(7).fill(500);
    const [late, resumed] = await Promise.all([run(delivery.id), run(delivery.id, 1)]);
    expect(late.result).toMatchObject({ state: "superseded" });
    expect(resumed.result).toMatchObject({ state: "failed", attempts: 7 });
    // One POST per attempt: the late run posted none.
    expect(received).toHaveLength(7);
    // The late run's failure report, arriving now, does not take the delivery from the new run.
    await reportFailure(delivery.id, "late run failed", 0);
    expect(await prisma().callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ resumes: 1, status: "failed" });
  });

  it("hands over a due delivery whatever the ones still waiting ahead of it (their waits are in the query)", async () => {
    const now = new Date();
    const waiting = await Promise.all(Array.from({ length: 3 }, () => newDelivery()));
    const due = await newDelivery();
    // Released long ago, each after many resumes: 6 hours to wait. The due one was released later.
    for (const delivery of waiting) {
      await prisma().callbackDelivery.update({ where: { id: delivery.id }, data: { status: "retrying", attempts: 1, lastAttemptAt: at(now, -120), releasedAt: at(now, -60), resumes: 10 } });
    }
    await prisma().callbackDelivery.update({ where: { id: due.id }, data: { status: "retrying", attempts: 1, lastAttemptAt: at(now, -30), releasedAt: at(now, -10), resumes: 1 } });
    const handed = (await findDeliveriesToHandOver(prisma(), now)).map((handOver) => handOver.deliveryId);
    expect(handed).toContain(due.id);
    for (const delivery of waiting) expect(handed).not.toContain(delivery.id);
  });

  it("is released by the sweep when its run stopped without a report: its next attempt over an hour late", async () => {
    const now = new Date();
    const stranded = await newDelivery();
    const waiting = await newDelivery();
    const neverAttempted = await newDelivery();
    const notHandedOver = await newDelivery();
    await prisma().callbackDelivery.update({ where: { id: stranded.id }, data: { status: "retrying", attempts: 2, lastAttemptAt: at(now, -75), dispatchedAt: at(now, -90) } });
    // Attempt 4 comes 27 minutes after attempt 3: due 40 minutes ago, not late enough to be taken from its run.
    await prisma().callbackDelivery.update({ where: { id: waiting.id }, data: { status: "retrying", attempts: 3, lastAttemptAt: at(now, -67), dispatchedAt: at(now, -90) } });
    await prisma().callbackDelivery.update({ where: { id: neverAttempted.id }, data: { dispatchedAt: at(now, -61) } });
    await prisma().callbackDelivery.update({ where: { id: notHandedOver.id }, data: { createdAt: at(now, -2) } });

    const first = await handedOver(now);
    expect(first).toContain(`delivery-${notHandedOver.id}`);
    const rows = await prisma().callbackDelivery.findMany({ where: { id: { in: [stranded.id, waiting.id, neverAttempted.id] } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(stranded.id)).toMatchObject({ dispatchedAt: null, resumes: 1 });
    expect(byId.get(neverAttempted.id)).toMatchObject({ dispatchedAt: null, resumes: 1 });
    expect(byId.get(waiting.id)).toMatchObject({ resumes: 0 });
    expect(byId.get(waiting.id)!.dispatchedAt).not.toBeNull();
    const later = await handedOver(at(now, 6));
    expect(later).toEqual(expect.arrayContaining([`delivery-${stranded.id}-resume-1`, `delivery-${neverAttempted.id}-resume-1`]));
    expect(later.filter((id) => id.includes(waiting.id))).toEqual([]);
  });
});

describe("the SSRF guard's address list", () => {
  it.each([
    ["127.0.0.1", true], ["10.1.2.3", true], ["172.16.5.4", true], ["192.168.1.1", true], ["169.254.169.254", true],
    ["100.64.0.1", true], ["0.0.0.0", true], ["::1", true], ["fd00::1", true], ["fe80::1", true], ["::ffff:10.0.0.1", true],
    // IPv4 written inside IPv6 other than mapped: IPv4-compatible (deprecated) and SIIT's IPv4-translated form.
    ["::7f00:1", true], ["::10.0.0.1", true], ["::ffff:0:7f00:1", true], ["::ffff:0:8.8.8.8", true], ["::8.8.8.8", true],
    ["8.8.8.8", false], ["93.184.216.34", false], ["2606:4700::1111", false], ["::ffff:8.8.8.8", false],
    // IPv4 carried by the transition forms a router or relay delivers to: 6to4 (2002::/16), Teredo's server and
    // client (the client's bits inverted), NAT64's well-known prefix (public IPv4 through it is reachable: an
    // IPv6-only host's DNS64 writes every IPv4 target so); NAT64's local-use prefix, site-local, discard-only.
    ["2002:7f00:1::1", true], ["2002:a00:1::", true], ["2002:c0a8:101:5::1", true], ["2002:808:808::1", false],
    ["2001:0:808:808::80ff:fffe", true], ["2001:0:a00:1::f7f7:fbfb", true], ["2001:0:808:808::f7f7:fbfb", false],
    ["64:ff9b::127.0.0.1", true], ["64:ff9b::a00:1", true], ["64:ff9b::8.8.8.8", false], ["64:ff9b:1::a00:1", true],
    ["fec0::1", true], ["100::1", true],
  ])("%s is internal: %s", async (address, internal) => {
    const { isBlockedAddress } = await import("@/lib/callbacks/guard-target");
    expect(isBlockedAddress(address)).toBe(internal);
  });
});
