import { API_VERSION } from "@/contract";
import { COURTS } from "@/lib/courts/registry";

export default function Home() {
  const covered = COURTS.filter((court) => court.coverage !== "planned").length;
  const planned = COURTS.length - covered;
  return (
    <>
      <h1>Court docket monitoring API</h1>
      <p>
        A pay-per-query HTTP API for AI agents: send a <code>case_id</code> and a <code>court_code</code>, get the
        normalized case, its parties, its docket and a <code>delta</code> of new filings since your last check.
      </p>
      <p>
        API version {API_VERSION}. {covered} courts covered and {planned} planned; the full registry is at{" "}
        <a href="/v2/status">/v2/status</a>.
      </p>
      <h2>Try it free</h2>
      <p>Every endpoint answers with fixture data in sandbox mode, without payment:</p>
      <pre>
        <code>curl &apos;/v2/case?case_id=1:23-cv-04567&amp;court_code=nysd&amp;context=full&amp;test=1&apos;</code>
      </pre>
      <ul>
        <li>
          <a href="/docs/sandbox">Sandbox fixtures</a>
        </li>
        <li>
          <a href="/docs/errors">Error codes</a>
        </li>
        <li>
          <a href="/docs/configuration">Configuration</a>
        </li>
        <li>
          <a href="/docs/changelog">Changelog</a>
        </li>
      </ul>
    </>
  );
}
