// The results of MCP's free registry tools, served as GET /v2/status is: from JSON made once per state of the
// courts' notes (the status's courts, and the covered ones among them), keyed so that handle-mcp-request.ts
// encodes and escapes each once too. About 1.9 MB an answer; built per call they cost ~30 ms of CPU each.
import type { MetaBase } from "@/lib/meta";
import { readStatusState, statusPrefix } from "@/lib/status/get-status";
import { rememberBounded } from "@/lib/status/status-memo";
import type { ToolResult } from "./tools";

/** service_status: GET /v2/status's answer. */
export async function statusToolResult(meta: MetaBase, baseUrl: string): Promise<ToolResult> {
  const state = await readStatusState(meta.sandbox);
  return {
    serialized: [
      { json: statusPrefix(state, meta, `${baseUrl}/docs/changelog`) },
      { json: state.courts.json, key: `status:${state.courts.version}` },
      { json: "}" },
    ],
  };
}

/** Each state's covered courts, serialized once (a few states at most, as the status's courts are). */
const coveredLists = new Map<string, string>();

/**
 * service_court_list: every court, or the covered ones, as service_status lists them: with the notes of what
 * affects them now, the sandbox's in the sandbox (its fixture outage of prd). It served the registry as
 * recorded, so its notes could disagree with service_status's and GET /v2/status's.
 */
export async function courtListToolResult(includePlanned: boolean, sandbox: boolean): Promise<ToolResult> {
  const { courts } = await readStatusState(sandbox);
  if (includePlanned) {
    return { serialized: [{ json: '{"courts":' }, { json: courts.json, key: `status:${courts.version}` }, { json: "}" }] };
  }
  const json = rememberBounded(coveredLists, courts.version, () =>
    JSON.stringify({ courts: courts.courts.filter((court) => court.coverage !== "planned") }),
  );
  return { serialized: [{ json, key: `court_list:covered:${courts.version}` }] };
}
