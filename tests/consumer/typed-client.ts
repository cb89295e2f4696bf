// A client of the API written the way an agent developer would: the published contract and ts-rest's
// client, typed end to end. tests/http/typed-client.test.ts type-checks this file with its own tsconfig
// and runs it against `next start`; it prints one JSON line with what it saw.
import { initClient } from "@ts-rest/core";
import {
  contract,
  type CaseFull,
  type CaseResponse,
  type ErrorEnvelope,
  type MonitorResponse,
  type StatusResponse,
} from "court-docket-api/contract";

const baseUrl = process.argv[2];
if (!baseUrl) throw new Error("usage: typed-client.ts <baseUrl>");

// The sandbox switch travels as a header on every call; the tag correlates this run.
const client = initClient(contract, {
  baseUrl,
  baseHeaders: { "x-service-test": "1", "x-service-tag": "typed-client" },
  validateResponse: true,
});

function isFull(value: CaseResponse["case"]): value is CaseFull {
  return "docket_history" in value;
}

const status = await client.getStatus();
if (status.status !== 200) throw new Error(`status answered ${status.status}`);
const registry: StatusResponse = status.body;

const found = await client.getCase({
  query: { case_id: "1:23-cv-04567", court_code: "nysd", context: "full", last_checked: "2026-11-15T00:00:00Z", filing_types: "motion,order" },
});
if (found.status !== 200) throw new Error(`getCase answered ${found.status}`);
const caseBody: CaseResponse = found.body;
const docketLength = isFull(caseBody.case) ? caseBody.case.docket_history.length : -1;

const monitor = await client.monitorCase({ query: { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z" } });
if (monitor.status !== 200) throw new Error(`monitorCase answered ${monitor.status}`);
const change: MonitorResponse = monitor.body;

const missing = await client.getCase({ query: { case_id: "1:24-cv-99999", court_code: "nysd" } });
if (missing.status !== 404) throw new Error(`expected 404, got ${missing.status}`);
const notFound: ErrorEnvelope = missing.body;

const batch = await client.batchCases({ body: { queries: [{ case_id: "23-15678", court_code: "ca9" }, { case_id: "T-1234-23", court_code: "fct", language: "fr" }] } });
if (batch.status !== 200) throw new Error(`batchCases answered ${batch.status}`);

const keys = await client.getWalletKeys();
if (keys.status !== 200) throw new Error(`getWalletKeys answered ${keys.status}`);

const deliveries = await client.listWalletDeliveries({ query: { limit: 3, status: "failed" } });
if (deliveries.status !== 200) throw new Error(`listWalletDeliveries answered ${deliveries.status}`);

// Without the sandbox header a paid endpoint asks for payment, in the same envelope.
const live = initClient(contract, { baseUrl, validateResponse: true });
const unpaid = await live.getCase({ query: { case_id: "1:23-cv-04567", court_code: "nysd" } });
const unpaidCode = unpaid.status === 402 ? unpaid.body.error.code : null;

console.log(
  JSON.stringify({
    courts: registry.courts.length,
    api_version: registry.api_version,
    case_name: caseBody.case.case_name,
    tag: caseBody.meta.tag,
    docket_length: docketLength,
    delta_count: caseBody.delta?.change_count ?? null,
    delta_listed: caseBody.delta?.new_filings.length ?? null,
    monitor_count: change.change_count,
    not_found_code: notFound.error.code,
    batch_successful: batch.body.meta.successful,
    batch_second_name: batch.body.results[1]?.status === "success" ? batch.body.results[1].response.case.case_name : null,
    wallet: keys.body.wallet,
    deliveries: deliveries.body.deliveries.map((delivery) => delivery.status),
    unpaid_status: unpaid.status,
    unpaid_code: unpaidCode,
  }),
);
