// The whole batch answer has a ceiling (docs/limits.md "A batch answer"), shared between its results, each
// of which says what it left out. Before 2.1 a free sandbox batch of 50 large dockets answered 100 MB.
import { describe, expect, it } from "vitest";
import { batchResponseSchema, type BatchResponse } from "@/contract";
import { POST } from "@/app/v2/cases/batch/route";
import { BATCH_RESPONSE_LIMIT_BYTES } from "@/lib/cases/batch-shares";
import { RESPONSE_LIMIT_BYTES } from "@/lib/cases/fit-docket";
import { callRoute, sandbox } from "../helpers/call-route";

const LARGE = { case_id: "3:21-md-02996", court_code: "cand", context: "full" } as const;
const SMALL = { case_id: "1:23-cv-04567", court_code: "nysd", context: "full" } as const;

async function batch(queries: object[]) {
  const answer = await callRoute<BatchResponse>(POST, "/v2/cases/batch", { headers: sandbox, body: { queries } });
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  expect(batchResponseSchema.safeParse(answer.body).success).toBe(true);
  return answer;
}

describe("a batch answer's size ceiling", () => {
  it("keeps 50 large dockets under the ceiling in equal shares, each saying what it left out", async () => {
    const answer = await batch(Array.from({ length: 50 }, () => LARGE));
    expect(Buffer.byteLength(answer.text, "utf8")).toBeLessThanOrEqual(BATCH_RESPONSE_LIMIT_BYTES);
    const shares = new Set<number>();
    for (const result of answer.body.results) {
      if (result.status !== "success") throw new Error("every query succeeds");
      const { response } = result;
      expect(response.meta.truncated).toBe(true);
      const details = response.truncation_details!;
      expect(details.reason).toBe("response_size_limit");
      expect(details.returned_entries + details.omitted_entries).toBe(details.total_entries);
      expect(details.returned_entries).toBeGreaterThan(0);
      expect(Buffer.byteLength(JSON.stringify(response), "utf8")).toBeLessThanOrEqual(details.limit_bytes);
      shares.add(details.limit_bytes);
    }
    // Equal shares of the ceiling.
    expect(shares.size).toBe(1);
    expect([...shares][0]!).toBeLessThanOrEqual(BATCH_RESPONSE_LIMIT_BYTES / 50);
  }, 120_000);

  it("gives what small results leave unused to the large one, up to a single answer's 2 MB", async () => {
    const answer = await batch([...Array.from({ length: 49 }, () => SMALL), LARGE]);
    expect(Buffer.byteLength(answer.text, "utf8")).toBeLessThanOrEqual(BATCH_RESPONSE_LIMIT_BYTES);
    const large = answer.body.results[49]!;
    if (large.status !== "success") throw new Error("the large query succeeds");
    expect(large.response.truncation_details!.limit_bytes).toBe(RESPONSE_LIMIT_BYTES);
    for (const small of answer.body.results.slice(0, 49)) {
      if (small.status !== "success") throw new Error("every query succeeds");
      expect(small.response.meta.truncated).toBe(false);
    }
  }, 60_000);

  it("shares the room among several large dockets beside small ones", async () => {
    const answer = await batch([...Array.from({ length: 40 }, () => SMALL), ...Array.from({ length: 10 }, () => LARGE)]);
    expect(Buffer.byteLength(answer.text, "utf8")).toBeLessThanOrEqual(BATCH_RESPONSE_LIMIT_BYTES);
    const limits = answer.body.results.slice(40).map((result) => (result.status === "success" ? result.response.truncation_details!.limit_bytes : 0));
    // More than an equal fiftieth each: the small results' unused room went to them.
    for (const limit of limits) expect(limit).toBeGreaterThan(BATCH_RESPONSE_LIMIT_BYTES / 50);
    expect(new Set(limits).size).toBe(1);
  }, 60_000);
});
