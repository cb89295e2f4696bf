// Which court of appeals an ACMS case is in. The JSON never names its own court: `court` and
// `districtCourtName` are the court or agency appealed from. So the circuit is inferred, strongest
// evidence first: the circuit whose territory the originating court (or, for agencies, the hearing
// location) lies in; the court naming itself in its entries ("Court of Appeals for the Ninth Circuit",
// "9th Cir. R. 31-2.1"); and last the clock its "[Entered: ...]" stamps keep, compared with the UTC
// creation times. Only the courts that run ACMS are candidates: a place in another circuit (the Tax Court
// sitting in Washington, a transferred case) or another circuit cited in an entry ("the Fifth Circuit held")
// says nothing about which of them this is.
import { findCourt } from "@/lib/courts/registry";
import { courtTimezone } from "@/lib/courts/timezone";
import { regionOfPlace } from "@/lib/sources/pacer/acms-originating-court";
import { type LocalTime, zonedTimeToIso } from "@/lib/sources/zoned-time";

/** The courts of appeals on ACMS (../shared/notes/court-systems.md section 2). */
const ACMS_COURTS = ["ca2", "ca9"] as const;

/** Circuits by the states and territories they cover (28 U.S.C. § 41). */
const CIRCUIT_REGIONS: Readonly<Record<string, readonly string[]>> = {
  ca1: ["ME", "MA", "NH", "RI", "PR"],
  ca2: ["NY", "CT", "VT"],
  ca3: ["PA", "NJ", "DE", "VI"],
  ca4: ["MD", "VA", "WV", "NC", "SC"],
  ca5: ["TX", "LA", "MS"],
  ca6: ["OH", "MI", "KY", "TN"],
  ca7: ["IL", "IN", "WI"],
  ca8: ["MN", "IA", "MO", "AR", "NE", "ND", "SD"],
  ca9: ["CA", "OR", "WA", "AZ", "NV", "ID", "MT", "AK", "HI", "GU", "MP"],
  ca10: ["CO", "KS", "NM", "OK", "UT", "WY"],
  ca11: ["AL", "FL", "GA"],
  cadc: ["DC"],
};

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh"];

export interface AcmsCourtEvidence {
  /** `caseDetails.court.name` and `districtCourtName`. */
  places: Array<string | null | undefined>;
  /** Entry texts and the caption, as plain text. */
  texts: string[];
  /** Entries with both a UTC creation time and a local "[Entered: ...]" stamp. */
  clock: Array<{ createdOn: string; enteredLocal: LocalTime }>;
}

function circuitOfRegion(region: string): string | null {
  for (const [code, regions] of Object.entries(CIRCUIT_REGIONS)) if (regions.includes(region)) return code;
  return null;
}

const onAcms = (code: string | null): code is (typeof ACMS_COURTS)[number] => (ACMS_COURTS as readonly string[]).includes(code ?? "");

function fromPlaces(places: AcmsCourtEvidence["places"]): string | null {
  for (const place of places) {
    const region = regionOfPlace(place);
    const circuit = region ? circuitOfRegion(region) : null;
    if (onAcms(circuit)) return circuit;
  }
  return null;
}

function fromTexts(texts: string[]): string | null {
  const counts = new Map<string, number>();
  const add = (ordinal: number) => {
    if (ordinal < 1 || ordinal > ORDINALS.length) return;
    const code = `ca${ordinal}`;
    if (onAcms(code)) counts.set(code, (counts.get(code) ?? 0) + 1);
  };
  for (const text of texts) {
    for (const match of text.matchAll(/\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh)\s+circuit\b/gi)) {
      add(ORDINALS.indexOf(match[1]!.toLowerCase()) + 1);
    }
    for (const match of text.matchAll(/\b(\d{1,2})(?:st|nd|rd|th|d)\s+Cir\b/gi)) add(Number(match[1]));
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  // Two circuits named equally often say nothing.
  if (ranked.length === 0 || (ranked.length > 1 && ranked[0]![1] === ranked[1]![1])) return null;
  return ranked[0]![0];
}

function fromClock(clock: AcmsCourtEvidence["clock"]): string | null {
  let best: { code: string; gap: number } | null = null;
  for (const code of ACMS_COURTS) {
    const court = findCourt(code);
    if (!court || clock.length === 0) continue;
    const zone = courtTimezone(court);
    const gaps = clock
      .map(({ createdOn, enteredLocal }) => Math.abs(Date.parse(zonedTimeToIso(enteredLocal, zone)) - Date.parse(createdOn)))
      .filter((gap) => Number.isFinite(gap))
      .sort((a, b) => a - b);
    const median = gaps[Math.floor(gaps.length / 2)];
    if (median !== undefined && (best === null || median < best.gap)) best = { code, gap: median };
  }
  return best?.code ?? null;
}

/** The court code ("ca2", "ca9") the evidence points to, or null when nothing does. */
export function acmsCourtCode(evidence: AcmsCourtEvidence): string | null {
  return fromPlaces(evidence.places) ?? fromTexts(evidence.texts) ?? fromClock(evidence.clock);
}
