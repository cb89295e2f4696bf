// The status page's view of GET /v2/status: coverage counts by country, and the courts that match the
// page's filters (search by name or code, country, state or province, level, coverage, language).
import type { Court } from "@/contract";
import { LEVEL_NAMES, REGION_NAMES } from "@/lib/courts/regions";
import { findCourt } from "@/lib/courts/registry";
import type { CourtLevel } from "@/lib/courts/types";

export interface RegistryFilters {
  q: string;
  country: "" | "US" | "CA";
  /** Two-letter state, territory or province code (lib/courts/regions.ts). */
  region: string;
  level: "" | CourtLevel;
  coverage: "" | "full" | "partial" | "planned";
  language: "" | "en" | "fr" | "bilingual";
}

/** A court's state or province and level: internal registry fields, not part of the public Court object. */
export function placeOf(court: Court): { region: string | null; level: CourtLevel | null } {
  const record = findCourt(court.court_code);
  return { region: record?.region ?? null, level: record?.level ?? null };
}

/** How many courts each state or province and each level has: the counts beside the page's filter options. */
export function countPlaces(courts: readonly Court[]): { regions: Map<string, number>; levels: Map<CourtLevel, number> } {
  const regions = new Map<string, number>();
  const levels = new Map<CourtLevel, number>();
  for (const court of courts) {
    const { region, level } = placeOf(court);
    if (region) regions.set(region, (regions.get(region) ?? 0) + 1);
    if (level) levels.set(level, (levels.get(level) ?? 0) + 1);
  }
  return { regions, levels };
}

export type CoverageCounts = Record<"full" | "partial" | "planned", Record<"US" | "CA" | "all", number>>;

export function readFilters(params: Record<string, string | string[] | undefined>): RegistryFilters {
  const one = (name: string) => {
    const value = params[name];
    return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
  };
  const pick = <T extends string>(value: string, allowed: readonly T[]): T | "" => ((allowed as readonly string[]).includes(value) ? (value as T) : "");
  return {
    q: one("q").slice(0, 100),
    country: pick(one("country"), ["US", "CA"] as const),
    region: pick(one("region"), Object.keys(REGION_NAMES)),
    level: pick(one("level"), Object.keys(LEVEL_NAMES) as CourtLevel[]),
    coverage: pick(one("coverage"), ["full", "partial", "planned"] as const),
    language: pick(one("language"), ["en", "fr", "bilingual"] as const),
  };
}

export function countCoverage(courts: readonly Court[]): CoverageCounts {
  const counts: CoverageCounts = {
    full: { US: 0, CA: 0, all: 0 },
    partial: { US: 0, CA: 0, all: 0 },
    planned: { US: 0, CA: 0, all: 0 },
  };
  for (const court of courts) {
    counts[court.coverage][court.jurisdiction_country] += 1;
    counts[court.coverage].all += 1;
  }
  return counts;
}

/** Case-insensitive, accent-insensitive text used to match the search box against a court. */
export function searchText(court: Court): string {
  return `${court.court_code} ${court.name}`.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

export function filterCourts(courts: readonly Court[], filters: RegistryFilters): Court[] {
  const terms = filters.q.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().split(/\s+/).filter(Boolean);
  return courts.filter((court) => {
    if (filters.country && court.jurisdiction_country !== filters.country) return false;
    if (filters.coverage && court.coverage !== filters.coverage) return false;
    if (filters.language && court.language !== filters.language) return false;
    if (filters.region || filters.level) {
      const { region, level } = placeOf(court);
      if ((filters.region && region !== filters.region) || (filters.level && level !== filters.level)) return false;
    }
    const text = searchText(court);
    return terms.every((term) => text.includes(term));
  });
}
