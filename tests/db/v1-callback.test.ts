// A /v1/case query with callback_url: the delivery carries the body the caller received, v1's shape
// (SERVICE-SPEC Events 4: "identical to the synchronous response body"), on PGlite and PostgreSQL. The
// payment gate is stood in (tests/http covers x402); the source is scripted.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GET as getV1Case } from "@/app/v1/case/route";
import { GET as getV2Case } from "@/app/v2/case/route";
import { useDatabase } from "@/lib/db";
import { callRoute } from "../helpers/call-route";
import { civilCase, scriptedSource } from "../helpers/scripted-source";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

vi.mock("@/lib/sources/registry", async () => {
  const { scriptedSource: source } = await import("../helpers/scripted-source");
  return { sourceForCourt: () => source };
});
vi.mock("@/lib/payments/run-paid", async () => (await import("../helpers/payment-stand-in")).paymentStandIn("0x00000000000000000000000000000000000000cd"));

describe.each(EACH_DATABASE)("callbacks of /v1/case on %s", (_name, target) => {
  const database = databaseForSuite(target, (opened) => useDatabase(opened.db));
  beforeEach(() => scriptedSource.reset());

  async function payloadOf(requestId: string): Promise<unknown> {
    const rows = await database().db.prisma.callbackDelivery.findMany({ where: { requestId }, select: { body: true } });
    expect(rows).toHaveLength(1);
    return (JSON.parse(rows[0]!.body) as { payload: unknown }).payload;
  }

  it("delivers the v1 body to a /v1/case caller, and the v2 body to a /v2/case caller", async () => {
    const caseId = `1:26-cv-${String(30000 + Math.floor(Math.random() * 60000)).padStart(5, "0")}`;
    scriptedSource.put("nysd", civilCase(caseId));
    const query = { case_id: caseId, court_code: "nysd", last_checked: "2026-01-01T00:00:00Z", callback_url: "https://receiver.example.com/hook" };
    const v1 = await callRoute(getV1Case, "/v1/case", { query });
    expect(v1.status, v1.text).toBe(200);
    const v1Payload = await payloadOf(v1.headers.get("x-request-id")!);
    expect(v1Payload).toEqual(v1.body);
    expect(v1Payload).toMatchObject({ new_filings: expect.any(Array), case: { nature_of_suit: "Contract: Other" } });
    expect(v1Payload).not.toHaveProperty("meta");

    const v2 = await callRoute(getV2Case, "/v2/case", { query: { ...query, context: "full" } });
    expect(v2.status, v2.text).toBe(200);
    expect(await payloadOf(v2.headers.get("x-request-id")!)).toEqual(v2.body);
  });
});
