// The demo source's cases: a deterministic function of (court, case id, now). Every instance generates the
// same case, and filings keep appearing as time passes, so a person running the service locally sees
// `delta` and `/v2/monitor` change between calls. docs/live-data.md (`CASE_SOURCE`) describes the rules.
import { findCourt } from "@/lib/courts/registry";
import { courtTimezone } from "@/lib/courts/timezone";
import type { CourtRecord } from "@/lib/courts/types";
import type { SourceCase, SourceEntry, SourceParty, SourceResult } from "../types";
import { between, hashString, pick, unit } from "./hash";
import {
  COMPANIES,
  FIRMS,
  FRENCH_COMPANIES,
  FRENCH_PEOPLE,
  JUDGES,
  NATURE,
  PEOPLE,
  ROUTINE,
  ROUTINE_BILINGUAL,
  ROUTINE_FRENCH,
} from "./vocabulary";

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Live activity is decided per 20-minute slot. */
const SLOT = 20 * MINUTE;
/** The source publishes the case's history plus this much of its recent activity. */
export const DEMO_RECENT_WINDOW_MS = 7 * DAY;
/** Chance of a filing in a slot during court business hours (Mon–Fri 08:00–18:00 local), and outside them. */
const BUSY_CHANCE = 0.5;
const QUIET_CHANCE = 0.05;

const ORIGINATING: Readonly<Record<string, string>> = {
  ca1: "mad", ca2: "nysd", ca3: "paed", ca4: "vaed", ca5: "txsd", ca6: "ohnd", ca7: "ilnd",
  ca8: "moed", ca9: "cand", ca10: "cod", ca11: "flsd", cadc: "dcd", cafc: "cit",
};

type Style = "civil" | "criminal" | "bankruptcy" | "adversary" | "appellate" | "state" | "bilingual" | "french";

function styleOf(court: CourtRecord, caseId: string): Style {
  if (court.language === "bilingual") return "bilingual";
  if (court.language === "fr") return "french";
  if (court.kind === "us_appellate" || court.case_management_system === "CM/ECF Appellate") return "appellate";
  if (court.kind === "us_state") return "state";
  const type = /^\d:\d{2}-([a-z]{2})-/.exec(caseId)?.[1];
  if (type === "cr" || type === "mj" || type === "po") return "criminal";
  if (type === "bk") return "bankruptcy";
  if (type === "ap") return "adversary";
  if (court.kind === "us_bankruptcy") return "bankruptcy";
  return "civil";
}

/** The year a case id names (federal `1:23-…`, appellate `23-…`, `…/2023`, `T-1234-23`), if any. */
function yearOf(caseId: string): number | null {
  const federal = /^\d:(\d{2})-/.exec(caseId) ?? /^(\d{2})-\d{3,5}$/.exec(caseId) ?? /-(\d{2})$/.exec(caseId);
  if (federal) return 2000 + Number(federal[1]);
  const full = /(?:^|\D)((?:19|20)\d{2})(?:\D|$)/.exec(caseId);
  return full ? Number(full[1]) : null;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function fill(template: string, a: string, b: string, date: string): string {
  return template.replaceAll("{a}", a).replaceAll("{b}", b).replaceAll("{d}", date);
}

interface Cast {
  title: string;
  titleSecondary: SourceCase["titleSecondary"];
  parties: SourceParty[];
  /** Who files: the first two are the main sides. */
  filers: [string, string];
  caseType: string;
  nature: string;
}

function castFor(style: Style, seed: number): Cast {
  const company = (key: number) => pick(COMPANIES, seed, key);
  const person = (key: number) => pick(PEOPLE, seed, key);
  const lawyer = (key: number) => ({ name: pick(PEOPLE, seed, 100 + key), firm: pick(FIRMS, seed, 200 + key), role: "Lead Attorney" });
  let a: string = company(1);
  let b: string = company(2);
  if (a === b) b = COMPANIES[(COMPANIES.indexOf(a as (typeof COMPANIES)[number]) + 1) % COMPANIES.length]!;
  // "A v. B", each side with its lead attorney: most styles differ only in roles, type and nature.
  const adversarial = (roles: [string, string], caseType: string, nature: string): Cast => ({
    title: `${a} v. ${b}`,
    titleSecondary: null,
    parties: [
      { name: a, role: roles[0], attorneys: [lawyer(1)] },
      { name: b, role: roles[1], attorneys: [lawyer(2)] },
    ],
    filers: [a, b],
    caseType,
    nature,
  });
  switch (style) {
    case "criminal": {
      const defendant = person(3);
      return {
        title: `United States v. ${defendant}`,
        titleSecondary: null,
        parties: [
          { name: "United States of America", role: "Plaintiff", attorneys: [{ name: `AUSA ${person(4)}`, firm: "U.S. Attorney's Office", role: "Lead Attorney" }] },
          { name: defendant, role: "Defendant (1)", attorneys: [{ name: person(5), firm: "Federal Public Defender", role: "Lead Attorney" }] },
        ],
        filers: ["United States of America", defendant],
        caseType: "cr",
        nature: pick(NATURE.criminal, seed, 6),
      };
    }
    case "bankruptcy":
      return {
        title: `In re: ${a}`,
        titleSecondary: null,
        parties: [
          { name: a, role: "Debtor", attorneys: [lawyer(1)] },
          { name: "Office of the United States Trustee", role: "U.S. Trustee", attorneys: [] },
          { name: b, role: "Creditor", attorneys: [lawyer(2)] },
        ],
        filers: [a, b],
        caseType: "bk",
        nature: pick(NATURE.bankruptcy, seed, 6),
      };
    case "adversary":
      return adversarial(["Plaintiff", "Defendant"], "ap", "Recovery of money/property");
    case "appellate":
      return adversarial(["Plaintiff - Appellant", "Defendant - Appellee"], "appeal", pick(NATURE.appellate, seed, 6));
    case "bilingual":
      return {
        title: `${a} v. His Majesty the King`,
        titleSecondary: { text: `${a} c. Sa Majesté le Roi`, language: "fr" },
        parties: [
          { name: a, role: "Applicant / Demanderesse", attorneys: [lawyer(1)] },
          { name: "His Majesty the King", role: "Respondent / Défendeur", attorneys: [{ name: person(7), firm: "Department of Justice Canada", role: "Solicitor of record" }] },
        ],
        filers: [a, "His Majesty the King"],
        caseType: "Judicial review",
        nature: pick(NATURE.canada, seed, 6),
      };
    case "french": {
      a = pick(FRENCH_COMPANIES, seed, 1);
      b = pick(FRENCH_PEOPLE, seed, 2);
      return {
        title: `${a} c. ${b}`,
        titleSecondary: null,
        parties: [
          { name: a, role: "Demanderesse", attorneys: [{ name: `Me ${pick(FRENCH_PEOPLE, seed, 3)}`, firm: "Cabinet Laurier avocats", role: "Procureur" }] },
          { name: b, role: "Défendeur", attorneys: [{ name: `Me ${pick(FRENCH_PEOPLE, seed, 4)}`, firm: "Dubé Fortin avocats", role: "Procureur" }] },
        ],
        filers: [a, b],
        caseType: "Civil",
        nature: pick(NATURE.quebec, seed, 6),
      };
    }
    case "state":
      return adversarial(["Plaintiff", "Defendant"], "Civil", pick(NATURE.state, seed, 6));
    case "civil":
      return adversarial(["Plaintiff", "Defendant"], "cv", pick(NATURE.civil, seed, 6));
  }
}

function openingText(style: Style, cast: Cast): [string, string | null] {
  switch (style) {
    case "criminal":
      return [`INDICTMENT as to ${cast.filers[1]} (1) count(s) 1-3.`, null];
    case "bankruptcy":
      return [`Chapter 11 Voluntary Petition for Non-Individuals filed by ${cast.filers[0]}.`, null];
    case "appellate":
      return ["DOCKETED CAUSE AND ENTERED APPEARANCES OF COUNSEL. Setting schedule as to the briefs.", null];
    case "bilingual":
      return [
        `Notice of application for judicial review filed on behalf of ${cast.filers[0]}.`,
        `Avis de demande de contrôle judiciaire déposé au nom de ${cast.filers[0]}.`,
      ];
    case "french":
      return ["Demande introductive d'instance.", null];
    default:
      return [`COMPLAINT against ${cast.filers[1]}, filed by ${cast.filers[0]}.`, null];
  }
}

function routineText(style: Style, seed: number, key: number, cast: Cast, date: string): [string, string | null] {
  const [a, b] = unit(seed, key, 7) < 0.5 ? cast.filers : [cast.filers[1], cast.filers[0]];
  if (style === "bilingual") {
    const [en, fr] = pick(ROUTINE_BILINGUAL, seed, key, 5);
    return [fill(en, a, b, date), fill(fr, a, b, date)];
  }
  if (style === "french") return [fill(pick(ROUTINE_FRENCH, seed, key, 5), a, b, date), null];
  return [fill(pick(ROUTINE, seed, key, 5), a, b, date), null];
}

function documentId(style: Style, seed: number, key: number): string {
  const digits = String(Math.floor(unit(seed, key, 11) * 1e11)).padStart(11, "0");
  return style === "bilingual" || style === "french" ? `DOC-${digits}` : `0${digits}`;
}

/** Local hour offset of the court now, applied to every slot: exact enough for a demo's business hours. */
function offsetHours(zone: string, now: Date): number {
  const local = new Date(now.toLocaleString("en-US", { timeZone: zone }));
  const utc = new Date(now.toLocaleString("en-US", { timeZone: "UTC" }));
  return Math.round((local.getTime() - utc.getTime()) / 3_600_000);
}

export interface DemoOptions {
  /** Court codes whose demo source answers "unavailable". */
  downCourts: ReadonlySet<string>;
}

export function generateDemoCase(court: CourtRecord, caseId: string, now: Date, options: DemoOptions): SourceResult {
  if (options.downCourts.has(court.court_code)) {
    const recovery = new Date(Math.ceil((now.getTime() + 1) / 3_600_000) * 3_600_000).toISOString();
    return { kind: "unavailable", reason: "demo source configured as down (DEMO_SOURCE_DOWN_COURTS)", estimatedRecoveryAt: recovery };
  }
  const seed = hashString(`${court.court_code}|${caseId}`);
  // About one case id in twenty does not exist, and none from a year still to come.
  const year = yearOf(caseId) ?? 2018 + (seed % 7);
  if (seed % 20 === 0 || year > now.getUTCFullYear()) return { kind: "not_found" };

  const nowMs = now.getTime();
  const style = styleOf(court, caseId);
  const cast = castFor(style, seed);
  const filedMs = Math.min(Date.UTC(year, 0, 1) + between(0, 300, seed, 20) * DAY, nowMs - 2 * DAY);
  const closes = seed % 8 === 1;
  const terminatedMs = closes ? filedMs + between(120, 700, seed, 21) * DAY : Infinity;
  const endMs = Math.min(nowMs, terminatedMs);

  const entries: SourceEntry[] = [];
  const [opening, openingSecondary] = openingText(style, cast);
  entries.push({ number: 1, filed: isoDay(filedMs), text: opening, textSecondary: openingSecondary, documentId: documentId(style, seed, 0), filedBy: cast.filers[0] });

  // History: docket-report style entries (a date, no time), days to weeks apart.
  let day = filedMs;
  const historyCount = between(8, 40, seed, 22);
  for (let index = 1; index <= historyCount; index += 1) {
    day += between(1, 21, seed, 23, index) * DAY;
    if (day > endMs) break;
    const [text, secondary] = routineText(style, seed, 1000 + index, cast, isoDay(day + 14 * DAY));
    const noDocument = /^(Minute Entry|Transcript|Hearing held|Audience)/i.test(text);
    entries.push({ number: entries.length + 1, filed: isoDay(day), text, textSecondary: secondary, documentId: noDocument ? null : documentId(style, seed, index), filedBy: cast.filers[unit(seed, 1000 + index, 7) < 0.5 ? 0 : 1] });
  }

  // Live activity after the history: per 20-minute slot, more likely in court business hours. Every slot
  // since the start is walked so entry numbers stay stable; only the recent window is published.
  const zoneShift = offsetHours(courtTimezone(court), now);
  const liveStart = Math.ceil((day + DAY) / SLOT);
  const liveEnd = Math.floor(endMs / SLOT);
  let number = entries.length;
  for (let slot = liveStart; slot <= liveEnd; slot += 1) {
    const localMs = slot * SLOT + zoneShift * 3_600_000;
    const hour = Math.floor(localMs / 3_600_000) % 24;
    const weekday = (Math.floor(localMs / DAY) + 4) % 7; // 1970-01-01 was a Thursday
    const busy = weekday >= 1 && weekday <= 5 && hour >= 8 && hour < 18;
    if (unit(seed, slot) >= (busy ? BUSY_CHANCE : QUIET_CHANCE)) continue;
    const filedAt = slot * SLOT + between(0, 19 * 60 + 59, seed, slot, 3) * 1000;
    if (filedAt > endMs) continue;
    number += 1;
    if (filedAt < nowMs - DEMO_RECENT_WINDOW_MS) continue;
    const [text, secondary] = routineText(style, seed, slot, cast, isoDay(filedAt + 21 * DAY));
    const noDocument = /^(Minute Entry|Transcript|Hearing held|Audience)/i.test(text);
    entries.push({
      number,
      filed: new Date(filedAt).toISOString(),
      text,
      textSecondary: secondary,
      documentId: noDocument ? null : documentId(style, seed, slot),
      filedBy: cast.filers[unit(seed, slot, 7) < 0.5 ? 0 : 1],
    });
  }

  const terminated = terminatedMs <= nowMs;
  if (terminated) {
    entries.push({
      number: number + 1,
      filed: isoDay(terminatedMs),
      text: style === "french" ? "Jugement final rendu; dossier fermé." : "FINAL JUDGMENT. The Clerk is directed to close this case.",
      textSecondary: style === "bilingual" ? "Jugement final; dossier fermé." : null,
      documentId: documentId(style, seed, 99),
      filedBy: "Court",
    });
  }

  const originating = ORIGINATING[court.court_code];
  return {
    kind: "found",
    case: {
      caseNumber: caseId,
      title: cast.title,
      titleSecondary: cast.titleSecondary,
      caseType: cast.caseType,
      dateFiled: isoDay(filedMs),
      dateTerminated: terminated ? isoDay(terminatedMs) : null,
      judge: pick(JUDGES, seed, 30),
      natureOfSuit: cast.nature,
      cause: style === "civil" ? "28:1332 Diversity-Breach of Contract" : null,
      juryDemand: style === "civil" || style === "state" ? pick(["Plaintiff", "Defendant", "Both", "None"], seed, 31) : null,
      parties: cast.parties.map((party) => ({ ...party, dateJoined: isoDay(filedMs) })),
      crossReferences: [],
      appellate:
        style === "appellate"
          ? {
              appealType: "civil",
              panel: [pick(JUDGES, seed, 40), pick(JUDGES, seed, 41), pick(JUDGES, seed, 42)].filter((name, index, all) => all.indexOf(name) === index),
              originatingCourt: originating
                ? { courtCode: originating, caseId: `${between(1, 4, seed, 43)}:${String((year - 1) % 100).padStart(2, "0")}-cv-${String(between(100, 9999, seed, 44)).padStart(5, "0")}`, courtName: findCourt(originating)?.name ?? originating }
                : null,
              oralArgumentDate: null,
            }
          : null,
      entries,
    },
  };
}
