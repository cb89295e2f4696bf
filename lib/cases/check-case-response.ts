// A case response checked against the contract before it is sent (lib/http/define-endpoint.ts), in full
// where it must be and without repeating what was checked already: a prepared body (lib/cases/prepared-body.ts)
// and the shared entries of a delta passed the same schemas when they were made, and are frozen since.
import { z } from "zod";
import { caseResponseSchema, deltaSchema, docketEntrySchema, type CaseResponse } from "@/contract";
import { entryChecked, preparedJson } from "./prepared-body";

/** The response around its body and new filings: everything else, checked on every response. */
const aroundSchema = caseResponseSchema.extend({
  case: z.unknown(),
  delta: deltaSchema.extend({ new_filings: z.array(z.unknown()) }).optional(),
});

/** The contract's issues with this response, or null when it conforms. */
export function checkCaseResponse(response: CaseResponse): readonly z.core.$ZodIssue[] | null {
  if (preparedJson(response.case) === undefined) {
    const whole = caseResponseSchema.safeParse(response);
    return whole.success ? null : whole.error.issues;
  }
  const around = aroundSchema.safeParse(response);
  if (!around.success) return around.error.issues;
  for (const entry of response.delta?.new_filings ?? []) {
    if (entryChecked(entry)) continue;
    const checked = docketEntrySchema.safeParse(entry);
    if (!checked.success) return checked.error.issues;
  }
  return null;
}
