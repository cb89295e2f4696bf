// Which courts a Supreme Court docket names, as registry codes: the Court itself (for its linked cases) and
// the lower court ("United States Court of Appeals for the Ninth Circuit", "District Court of Appeal of
// Florida, Third District", "Court of Appeals of North Carolina"). Federal courts are matched as the
// appellate reader matches them; state courts by what their names say. A court the registry does not list
// has no code (""): never a guess.
import { COURTS, findCourt } from "@/lib/courts/registry";
import { appellateCourtOf, districtCourtNamed } from "../pacer/appellate-courts";
import { stateCourtNamed } from "../state-court-named";

/** The registry's code for the Supreme Court of the United States, or "" while the registry lacks it. */
export function supremeCourtCode(): string {
  const court = COURTS.find(
    (candidate) => !candidate.region && /\bsupreme court\b/i.test(candidate.name) && /\bunited states\b|\bu\.\s?s\./i.test(candidate.name),
  );
  return court?.court_code ?? "";
}

/** "(15-1688, 15-1726)" → ["15-1688", "15-1726"]; numbers are kept as the court printed them. */
export function lowerCaseIds(printed: string | null | undefined): string[] {
  return (printed ?? "")
    .replace(/^\s*\(|\)\s*$/g, "")
    .split(/\s*[,;]\s*|\s+and\s+/)
    .map((id) => id.trim())
    .filter((id) => id !== "");
}

export function lowerCourtOf(
  name: string | null | undefined,
  numbers: string | null | undefined,
): { court: { code: string; name: string } | null; caseIds: string[] } {
  const caseIds = lowerCaseIds(numbers);
  const printed = (name ?? "").replace(/\s+/g, " ").trim();
  if (!printed) return { court: null, caseIds };
  const code = appellateCourtOf([printed], []) ?? districtCourtNamed(printed)?.court_code ?? stateCourtNamed(printed)?.court_code ?? "";
  // The court's name as printed: it says more than a code the registry lacks.
  return { court: { code, name: code ? (findCourt(code)?.name ?? printed) : printed }, caseIds };
}
