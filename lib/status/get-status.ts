// GET /v2/status (and the status page, and MCP's service_status): operational status and the whole
// registry, covered and planned.
import { API_VERSION, type StatusResponse } from "@/contract";
import { listUnhealthyCourts } from "@/lib/courts/court-health";
import { COURTS, findCourt, toPublicCourt } from "@/lib/courts/registry";
import { getPrisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { logEvent } from "@/lib/log";
import { feeBudgetNotice, withBudgetNote } from "@/lib/sources/pacer/fee-budget-notice";
import { statusMeta, type MetaBase } from "@/lib/meta";
import { rememberedStatus } from "./status-memo";

const PUBLIC_COURTS = COURTS.map(toPublicCourt);

export interface GetStatusOptions {
  meta: MetaBase;
  baseUrl: string;
}

/**
 * `maintenance` and `incident` are declared by operators (SERVICE_STATUS_OVERRIDE); otherwise `degraded`
 * while any covered court is unhealthy (lib/courts/court-health.ts), else `nominal`. In the sandbox, the
 * fixture outage of `prd` makes it `degraded`.
 */
export async function operationalStatus(sandbox: boolean): Promise<StatusResponse["operational_status"]> {
  if (sandbox) return "degraded"; // the sandbox court SANDBOX_SOURCE_DOWN_COURT is always down
  const override = getEnv().SERVICE_STATUS_OVERRIDE;
  if (override) return override;
  return rememberedStatus(readOperationalStatus);
}

async function readOperationalStatus(): Promise<StatusResponse["operational_status"]> {
  try {
    const prisma = await getPrisma();
    const unhealthy = await listUnhealthyCourts(prisma);
    if (unhealthy.some((code) => findCourt(code)?.coverage !== "planned")) return "degraded";
    // A spent PACER fee budget: federal courts answer only from the cache until it resets (courts' notes say so).
    return (await feeBudgetNotice(prisma, new Date())) ? "degraded" : "nominal";
  } catch (error) {
    // Without the database no paid query can be answered either: say so rather than "nominal".
    logEvent("error", "status: court health could not be read", { detail: String(error) });
    return "degraded";
  }
}

export interface StatusState {
  operational_status: StatusResponse["operational_status"];
  courts: StatusResponse["courts"];
  /** Tells the courts' states apart: empty for the registry as it is, else the PACER fee notice they carry. */
  courtsKey: string;
}

/** The courts with a fee notice's notes, for the one notice that holds (it changes once a period at most). */
let noticed: { key: string; courts: StatusResponse["courts"] } | null = null;

/** What GET /v2/status and the status page show, apart from the request's own meta. */
export async function readStatusState(sandbox: boolean): Promise<StatusState> {
  const notice = sandbox ? null : await feeBudgetNotice(await getPrisma(), new Date()).catch(() => null);
  const operational_status = await operationalStatus(sandbox);
  if (!notice) return { operational_status, courts: PUBLIC_COURTS, courtsKey: "" };
  const key = `${notice.scope}|${notice.resetsAt.toISOString()}`;
  if (noticed?.key !== key) noticed = { key, courts: COURTS.map((court) => toPublicCourt(withBudgetNote(court, notice))) };
  return { operational_status, courts: noticed.courts, courtsKey: key };
}

export async function getStatus({ meta, baseUrl }: GetStatusOptions): Promise<StatusResponse> {
  const state = await readStatusState(meta.sandbox);
  return {
    meta: statusMeta(meta),
    api_version: API_VERSION,
    changelog_url: `${baseUrl}/docs/changelog`,
    operational_status: state.operational_status,
    courts: state.courts,
  };
}
