// The status page's court rows as an HTML string (the page around them: lib/status/render-status-page.ts).
// Everything interpolated goes through escapeHtml. The explicit table roles keep the rows a table for
// screen readers where the phone layout makes them blocks (CSS `display: block` drops table semantics in
// some browsers).
import type { Court } from "@/contract";
import { placeOf, searchText } from "./summarize-registry";

const LANGUAGE = { en: "English", fr: "French", bilingual: "Bilingual" } as const;
const COUNTRY = { US: "United States", CA: "Canada" } as const;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

export function describeCadence(court: Court): string {
  if (court.refresh_cadence_seconds === null) return "not refreshed yet (planned)";
  const seconds = court.refresh_cadence_seconds;
  return seconds % 3600 === 0 ? `every ${seconds / 3600} h` : `every ${seconds / 60} min`;
}

function renderRow(court: Court, hidden: boolean): string {
  const e = escapeHtml;
  const notes = court.notes ? `<dt>Notes</dt><dd>${e(court.notes)}</dd>` : "";
  const { region, level } = placeOf(court);
  return (
    `<tr role="row" id="court-${e(court.court_code)}" data-search="${e(searchText(court))}" data-country="${court.jurisdiction_country}"` +
    ` data-region="${e(region ?? "")}" data-level="${level ?? ""}"` +
    ` data-coverage="${court.coverage}" data-language="${court.language}"${hidden ? " hidden" : ""}>` +
    `<td role="cell"><code>${e(court.court_code)}</code></td>` +
    `<td role="cell"><details><summary>${e(court.name)}</summary><dl>` +
    `<dt>Case id format</dt><dd><code>${e(court.case_id_format.pattern)}</code></dd>` +
    `<dt>Example</dt><dd><code>${e(court.case_id_format.example)}</code></dd>` +
    `<dt>Refresh</dt><dd>${e(describeCadence(court))}</dd>` +
    `<dt>Source system</dt><dd>${e(court.case_management_system ?? "none yet")}</dd>${notes}</dl></details></td>` +
    `<td role="cell" data-label="Country">${COUNTRY[court.jurisdiction_country]}</td>` +
    `<td role="cell" data-label="Language">${LANGUAGE[court.language]}</td>` +
    `<td role="cell" data-label="Coverage"><span class="coverage coverage-${court.coverage}">${court.coverage}</span></td></tr>`
  );
}

/** `shown`: the codes of the courts that match the page's filters; the others are rendered hidden. */
export function renderCourtRows(courts: readonly Court[], shown: ReadonlySet<string>): string {
  let html = "";
  for (const court of courts) html += renderRow(court, !shown.has(court.court_code));
  return html;
}
