// The registry's data files (us-federal.json, us-state/<region>.json, canada.json) are built by
// scripts/registry/build-registry.ts from PACER's court codes, courts-db and the Canadian courts, with case
// number formats read off real records. Each row carries its provenance; the runtime keeps the court only.
import type { CourtRecord } from "../types";

/** Where a row's facts come from (see docs/sources.md "The court registry"). */
export interface RowProvenance {
  court: string;
  case_id_format: "corpus" | "not verified";
  example: string;
}

export type RegistryRow = CourtRecord & { provenance: RowProvenance };

export function courtsOf(rows: readonly unknown[]): readonly CourtRecord[] {
  return (rows as RegistryRow[]).map(({ provenance: _provenance, ...court }) => court);
}
