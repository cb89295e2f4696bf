import { expect } from "vitest";
import { errorEnvelopeSchema, type ErrorCode } from "@/contract";
import { ERROR_STATUS } from "@/lib/errors";
import { TEST_ORIGIN, type CallResult } from "./call-route";

export interface ExpectedError {
  code: ErrorCode;
  parameter?: string;
  sandbox?: boolean;
  tag?: string | null;
  /** Substring (or pattern) the message must contain. */
  message?: string | RegExp;
  /** Other fields of the error object that must be present with these values. */
  extra?: Record<string, unknown>;
}

/** Asserts the status, the code and the full envelope, `meta` included. */
export function expectErrorEnvelope(result: CallResult, expected: ExpectedError, origin = TEST_ORIGIN): void {
  expect(result.status, result.text).toBe(ERROR_STATUS[expected.code]);
  expect(result.headers.get("content-type")).toMatch(/^application\/json/);
  expect(errorEnvelopeSchema.safeParse(result.body).success, result.text).toBe(true);
  expect(result.body).toEqual({
    meta: {
      request_id: expect.stringMatching(/^req_[0-9a-f]{24}$/),
      queried_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      query_cost_usd: 0,
      sandbox: expected.sandbox ?? false,
      tag: expected.tag ?? null,
    },
    error: {
      code: expected.code,
      message: expected.message === undefined ? expect.any(String) : messageMatcher(expected.message),
      documentation_url: `${origin}/docs/errors#${expected.code}`,
      ...(expected.parameter === undefined ? {} : { parameter: expected.parameter }),
      ...expected.extra,
    },
  });
  expect(result.headers.get("x-request-id")).toBe(result.body.meta.request_id);
}

function messageMatcher(message: string | RegExp) {
  return message instanceof RegExp ? expect.stringMatching(message) : expect.stringContaining(message);
}
