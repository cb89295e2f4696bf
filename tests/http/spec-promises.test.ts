// What the spec and our docs promise, over HTTP against `next start` (the audit's findings that an agent sees
// on the wire): batch results echo the query as submitted; attorney fields are strings; last_checked's clock-skew
// allowance is what the docs and the OpenAPI description say; a 503 always says when to retry.
import { describe, expect, inject, it } from "vitest";
import { batchResponseSchema, caseResponseSchema } from "@/contract";

const baseUrl = () => inject("baseUrl");
const sandbox = { "x-service-test": "1" };

describe("spec promises over HTTP", () => {
  it("echoes each batch query's case_id and court_code as submitted; the canonical id is in response.case_id", async () => {
    const response = await fetch(`${baseUrl()}/v2/cases/batch`, {
      method: "POST",
      headers: { ...sandbox, "content-type": "application/json" },
      body: JSON.stringify({ queries: [{ case_id: "1:23-CV-4567", court_code: "NYSD" }, { case_id: "1:24-cv-99999", court_code: "nysd" }] }),
    });
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(batchResponseSchema.safeParse(body).success).toBe(true);
    expect(body.results.map((result: { case_id: string; court_code: string }) => [result.case_id, result.court_code])).toEqual([
      ["1:23-CV-4567", "NYSD"],
      ["1:24-cv-99999", "nysd"],
    ]);
    expect(body.results[0].response).toMatchObject({ case_id: "1:23-cv-04567", court_code: "nysd" });
  });

  it("answers attorney firm and role as strings, also where the court names none", async () => {
    const response = await fetch(`${baseUrl()}/v2/case?case_id=1:24-bk-10234&court_code=deb&context=full`, { headers: sandbox });
    const body = await response.json();
    expect(caseResponseSchema.safeParse(body).success).toBe(true);
    const attorneys = body.case.parties.flatMap((party: { attorneys: Array<{ firm: unknown; role: unknown }> }) => party.attorneys);
    expect(attorneys.length).toBeGreaterThan(0);
    for (const attorney of attorneys) {
      expect(typeof attorney.firm).toBe("string");
      expect(typeof attorney.role).toBe("string");
    }
  });

  it("accepts last_checked up to 5 s ahead of the server (clock skew), refuses it beyond, and documents it", async () => {
    const at = (offsetMs: number) => encodeURIComponent(new Date(Date.now() + offsetMs).toISOString());
    const near = await fetch(`${baseUrl()}/v2/case?case_id=1:23-cv-04567&court_code=nysd&last_checked=${at(2_000)}`, { headers: sandbox });
    expect(near.status).toBe(200);
    const far = await fetch(`${baseUrl()}/v2/case?case_id=1:23-cv-04567&court_code=nysd&last_checked=${at(60_000)}`, { headers: sandbox });
    expect(far.status).toBe(400);
    expect((await far.json()).error.code).toBe("invalid_last_checked");
    const openapi = await (await fetch(`${baseUrl()}/v2/openapi.json`)).json();
    const lastChecked = openapi.paths["/v2/case"].get.parameters.find((parameter: { name: string }) => parameter.name === "last_checked");
    expect(lastChecked.description).toMatch(/5 seconds/);
    const errorsDoc = await (await fetch(`${baseUrl()}/docs/errors`)).text();
    expect(errorsDoc).toMatch(/5 seconds of clock skew/);
  });

  it("gives every 503 source_unavailable a Retry-After", async () => {
    const response = await fetch(`${baseUrl()}/v2/case?case_id=3:24-cv-01234&court_code=prd`, { headers: sandbox });
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
