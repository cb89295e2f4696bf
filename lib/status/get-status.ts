// GET /v2/status (and the status page): operational status and the whole registry, covered and planned.
import { API_VERSION, type StatusResponse } from "@/contract";
import { COURTS, toPublicCourt } from "@/lib/courts/registry";
import { statusMeta, type MetaBase } from "@/lib/meta";

const PUBLIC_COURTS = COURTS.map(toPublicCourt);

export interface GetStatusOptions {
  meta: MetaBase;
  baseUrl: string;
}

export function getStatus({ meta, baseUrl }: GetStatusOptions): StatusResponse {
  return {
    meta: statusMeta(meta),
    api_version: API_VERSION,
    changelog_url: `${baseUrl}/docs/changelog`,
    // No live source is connected in this release, so no court can be unhealthy: source health
    // tracking (and with it `degraded`) arrives with the source adapters.
    operational_status: "nominal",
    courts: PUBLIC_COURTS,
  };
}
