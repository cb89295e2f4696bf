// The Supreme Court's docket of one case, as the JSON the Court publishes for every docket
// (`https://www.supremecourt.gov/RSS/Cases/JSON/<docket>.json`, free, no login): one request.
import { getEnv } from "@/lib/env";
import { getCourtHttpClient, type CourtResponse } from "../http/court-http-client";

export function scotusDocketUrl(docketNumber: string): string {
  return new URL(`/RSS/Cases/JSON/${encodeURIComponent(docketNumber)}.json`, getEnv().SCOTUS_BASE_URL).toString();
}

export function fetchScotusDocket(docketNumber: string, signal: AbortSignal): Promise<CourtResponse> {
  return getCourtHttpClient().request({ url: scotusDocketUrl(docketNumber), signal, label: "scotus:docket", headers: { accept: "application/json" } });
}
