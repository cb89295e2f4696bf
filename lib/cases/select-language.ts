// Language preference (`language=en|fr`) for bilingual jurisdictions. Single-language courts deliver
// the language their records are kept in: there is no translation to choose.
import type { CourtRecord } from "@/lib/courts/types";
import type { CaseHeader, StoredDocketEntry } from "./types";

export type DeliveredLanguage = "en" | "fr" | "bilingual";

export interface LanguageSelection {
  delivered: DeliveredLanguage;
  header: CaseHeader;
  /** Whether entry texts use `description_secondary` (the preferred language is the secondary one). */
  useSecondaryDescriptions: boolean;
}

export function selectLanguage(header: CaseHeader, court: CourtRecord, preference: "en" | "fr" | null): LanguageSelection {
  const caseLanguage = header.language ?? court.language;
  const secondary = header.case_name_secondary_language;
  if (caseLanguage !== "bilingual" || header.case_name_secondary === null || secondary === null) {
    const delivered = caseLanguage === "bilingual" ? (secondary === "en" ? "fr" : "en") : caseLanguage;
    return { delivered, header, useSecondaryDescriptions: false };
  }
  const primary: "en" | "fr" = secondary === "en" ? "fr" : "en";
  if (preference === null) return { delivered: "bilingual", header, useSecondaryDescriptions: false };
  if (preference === primary) return { delivered: primary, header, useSecondaryDescriptions: false };
  return {
    delivered: secondary,
    header: {
      ...header,
      case_name: header.case_name_secondary,
      case_name_secondary: header.case_name,
      case_name_secondary_language: primary,
    },
    useSecondaryDescriptions: true,
  };
}

export function entryDescription(entry: StoredDocketEntry, useSecondary: boolean): string {
  return useSecondary && entry.description_secondary ? entry.description_secondary : entry.description;
}
