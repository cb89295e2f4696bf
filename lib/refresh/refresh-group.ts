// Which courts' refresh runs share one court system's host: the Supreme Court's, Texas' (TAMES: 17 courts)
// and Florida's (ACIS: 7 courts) are each one host with one polite pace (lib/sources/http/court-http-client.ts),
// so their courts' refresh steps go one at a time (inngest/functions/refresh-court.ts): seventeen TAMES runs at once
// queued some 70 fetches behind a pace of one request a second, and most ran out of time in the queue. A
// PACER court has a CM/ECF host of its own: its group is the court.
import { findCourt } from "@/lib/courts/registry";
import { publicDocketSystemOf } from "@/lib/sources/public-docket-system";

export function refreshGroupOf(courtCode: string): string {
  const court = findCourt(courtCode);
  const system = court ? publicDocketSystemOf(court) : null;
  return system ? `system:${system}` : `court:${courtCode}`;
}
