import { describe, expect, it } from "vitest";
import { deliveryRecordSchema } from "@/contract";
import { pageDeliveries } from "@/lib/deliveries/page-deliveries";
import { decodeCursor } from "@/lib/deliveries/cursor";
import { SANDBOX_DELIVERIES } from "@/lib/sandbox/wallet";

describe("delivery paging", () => {
  it("fixtures are valid delivery records", () => {
    for (const record of SANDBOX_DELIVERIES) expect(deliveryRecordSchema.safeParse(record).success).toBe(true);
  });

  it("walks every record once, newest last_attempt_at first, through next_cursor", () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = pageDeliveries(SANDBOX_DELIVERIES, { limit: 17, cursor, status: null, since: null });
      seen.push(...page.deliveries.map((d) => d.delivery_id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(Math.ceil(SANDBOX_DELIVERIES.length / 17));
    expect(new Set(seen).size).toBe(SANDBOX_DELIVERIES.length);
    const times = seen.map((id) => Date.parse(SANDBOX_DELIVERIES.find((d) => d.delivery_id === id)!.last_attempt_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("filters by status and by since (exclusive, on last_attempt_at)", () => {
    const failed = pageDeliveries(SANDBOX_DELIVERIES, { limit: 200, cursor: null, status: "failed", since: null });
    expect(failed.deliveries.length).toBe(SANDBOX_DELIVERIES.filter((d) => d.status === "failed").length);
    expect(failed.deliveries.every((d) => d.status === "failed" && d.attempts === 7)).toBe(true);
    const pivot = SANDBOX_DELIVERIES[60]!.last_attempt_at;
    const recent = pageDeliveries(SANDBOX_DELIVERIES, { limit: 200, cursor: null, status: null, since: new Date(pivot) });
    expect(recent.deliveries.every((d) => Date.parse(d.last_attempt_at) > Date.parse(pivot))).toBe(true);
    expect(recent.deliveries.length).toBe(SANDBOX_DELIVERIES.filter((d) => Date.parse(d.last_attempt_at) > Date.parse(pivot)).length);
  });

  it("refuses a cursor it did not make", () => {
    expect(() => decodeCursor("not-a-cursor")).toThrowError(/next_cursor/);
    expect(() => decodeCursor(Buffer.from('["x","y"]').toString("base64url"))).toThrowError(/next_cursor/);
  });
});
