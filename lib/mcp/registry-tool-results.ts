// The results of MCP's free registry tools, served as GET /v2/status is: from JSON made once (the court list
// per process, the status's courts per state of their notes), keyed so that handle-mcp-request.ts encodes and
// escapes each once too. About 1.9 MB an answer; built per call they cost ~30 ms of CPU each.
import { COURTS, toPublicCourt } from "@/lib/courts/registry";
import type { MetaBase } from "@/lib/meta";
import { readStatusState, statusPrefix } from "@/lib/status/get-status";
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

/** The registry is fixed for the process (coverage is computed at start-up): each list is serialized once. */
const courtLists = new Map<boolean, string>();

/** service_court_list: every court, or the covered ones. */
export function courtListToolResult(includePlanned: boolean): ToolResult {
  let json = courtLists.get(includePlanned);
  if (json === undefined) {
    json = JSON.stringify({ courts: COURTS.filter((court) => includePlanned || court.coverage !== "planned").map(toPublicCourt) });
    courtLists.set(includePlanned, json);
  }
  return { serialized: [{ json, key: `court_list:${includePlanned}` }] };
}
