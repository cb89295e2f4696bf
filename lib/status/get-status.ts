// GET /v2/status (and the status page, and MCP's service_status): operational status and the whole
// registry, covered and planned, with the notes of what affects courts now (lib/status/court-notices.ts).
import { API_VERSION, type StatusResponse } from "@/contract";
import { getEnv } from "@/lib/env";
import { statusMeta, type MetaBase } from "@/lib/meta";
import { noticedCourts, readCourtNotices, statusOf, type CourtNotices, type NoticedCourts } from "./court-notices";

export interface StatusState {
  operational_status: StatusResponse["operational_status"];
  notices: CourtNotices;
  /** The courts with the notices' notes; their key tells the courts' states apart ("" for the registry as it is). */
  courts: NoticedCourts;
}

/**
 * `maintenance` and `incident` are declared by operators (SERVICE_STATUS_OVERRIDE); otherwise `degraded`
 * while any covered court's source is not answering or PACER's fee budget is spent, else `nominal`. In the
 * sandbox, the fixture outage of `prd` makes it `degraded`. The courts' notes say which courts, either way.
 */
export async function readStatusState(sandbox: boolean): Promise<StatusState> {
  const notices = await readCourtNotices(sandbox);
  const override = sandbox ? undefined : getEnv().SERVICE_STATUS_OVERRIDE;
  return { operational_status: override ?? statusOf(notices), notices, courts: noticedCourts(notices) };
}

/**
 * The answer's JSON up to its courts, `{"meta":…,"operational_status":"…","courts":`: the rest is the state's
 * courts (made once per state) and `}`, so the 900 KB of courts are never serialized per answer.
 */
export function statusPrefix(state: Pick<StatusState, "operational_status">, meta: MetaBase, changelogUrl: string): string {
  const head = JSON.stringify({
    meta: statusMeta(meta),
    api_version: API_VERSION,
    changelog_url: changelogUrl,
    operational_status: state.operational_status,
  } satisfies Omit<StatusResponse, "courts">);
  return `${head.slice(0, -1)},"courts":`;
}
