// The small CM/ECF pages the replay server writes for the dockets it hosts, in the exact shapes of the
// recorded ones (../shared/corpus/pacer): possible_case_numbers.pl XML (matches, sealed, none), the
// iquery.pl case summary and mobile_query.pl page (the recorded pages with this case's values put in),
// and the RSS feed (rss/*.xml's channel and item layout).
import type { SourceEntry } from "@/lib/sources/types";
import { corpusText } from "../corpus";
import type { HostedDocket } from "./pacer-protocol";

export const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const usDate = (isoDate: string | null) => (isoDate ? `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}` : "");

export function lookupXml(number: string, answer: { sealed?: boolean; cases?: HostedDocket[] }): string {
  if (answer.sealed) return `<request number='${escapeXml(number)}'>\n    <message text='Case Under Seal'/>\n</request>\n`;
  if (!answer.cases || answer.cases.length === 0) return `<request number="${escapeXml(number)}">\n    <message text="Cannot find case ${escapeXml(number)}"/>\n</request>\n`;
  const rows = answer.cases.flatMap((hosted) => {
    const [office, rest] = hosted.listedNumber.split(":") as [string, string];
    const [year, type, serial] = rest.split("-") as [string, string, string];
    const padded = serial.padStart(5, "0");
    const line = (listedOffice: string, id: string) =>
      `    <case number="${listedOffice}:${year}-${type}-${serial}" id="${id}"\n          title="${listedOffice}:${year}-${type}-${padded} ${escapeXml(hosted.title)}"\n          sortable="${listedOffice}:20${year}-${type}-${padded}"/>`;
    // The same number in another office is listed too, as CM/ECF does for a number typed without office.
    const otherOffice = String((Number(office) % 9) + 1);
    return [line(otherOffice, String(Number(hosted.pacerCaseId) + 1)), line(office, hosted.pacerCaseId)];
  });
  return `<request number="${escapeXml(number)}">\n${rows.join("\n")}\n</request>\n`;
}

export function caseQueryPage(hosted: HostedDocket, dates: { lastFiled: string | null; terminated: string | null }): string {
  const template = corpusText("pacer/case_queries/dcd_134505.html");
  const head = template.slice(0, template.indexOf("<center>"));
  const lines = [
    `<center><b><font size="+1">${hosted.caseId}</font></b> ${hosted.title}<br>`,
    hosted.judge ? `${hosted.judge}, presiding<br>` : "",
    `<b>Date filed:</b> ${usDate(hosted.dateFiled)}<br>`,
    dates.terminated ? `<b>Date terminated:</b> ${usDate(dates.terminated)}<br>` : "",
    `<b>Date of last filing:</b> ${usDate(dates.lastFiled)}<br></center>`,
    `<script language="JavaScript">setcookie("CASE_NUM","${hosted.caseId}(${hosted.pacerCaseId})",default_base_path);</script>`,
    `</div></body></html>`,
  ];
  return head + lines.join("");
}

export function mobileQueryPage(hosted: HostedDocket, entryCount: number): string {
  return corpusText("pacer/mobile_queries/dcd.html")
    .replaceAll("178502", hosted.pacerCaseId)
    .replaceAll("1:16-cv-00745-ESH", hosted.caseId)
    .replace(/Filed: 04\/21\/2016/, `Filed: ${usDate(hosted.dateFiled)}`)
    .replace(/NATIONAL VETERANS LEGAL SERVICES PROGRAM et al v\. UNITED STATES\s+OF AMERICA/, hosted.title)
    .replace(/(<span class="ui-li-count">\s*)\d+(\s*<\/span>)/, `$1${entryCount}$2`);
}

export interface FeedItem {
  hosted: HostedDocket;
  entry: SourceEntry;
  at: Date;
}

export function feedXml(court: string, description: string, items: FeedItem[]): string {
  const base = `https://ecf.${court}.uscourts.gov`;
  const body = items
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map(({ hosted, entry, at }) => {
      const short = escapeXml(entry.text.split(/[.(]/)[0]!.trim().slice(0, 60));
      const link = entry.documentId
        ? ` (&#x3C;a href=&#x27;${base}/doc1/${entry.documentId}?pdf_header=&#x26;de_seq_num=${entry.sequence ?? ""}&#x26;caseid=${hosted.pacerCaseId}&#x27;&#x3E;${entry.number ?? ""}&#x3C;/a&#x3E;)`
        : "";
      return (
        `<item>\n<title>${escapeXml(hosted.caseId)} ${escapeXml(hosted.title)}</title>\n` +
        `<link>${base}/cgi-bin/DktRpt.pl?${hosted.pacerCaseId}</link>\n` +
        `<description>[${short}]${link}</description>\n` +
        `<guid isPermaLink="true">${base}/cgi-bin/DktRpt.pl?${hosted.pacerCaseId}-${entry.sequence ?? entry.number ?? 0}</guid>\n` +
        `<pubDate>${at.toUTCString()}</pubDate>\n</item>`
      );
    })
    .join("\n");
  return (
    `<?xml version="1.0" encoding="ISO-8859-1"?>\n\n<rss version="2.0"\n xmlns:blogChannel="http://backend.userland.com/blogChannelModule"\n>\n\n<channel>\n` +
    `<title>${court} - Recent Entries</title>\n<link>${base}</link>\n<description>${description}</description>\n` +
    `<lastBuildDate>${new Date().toUTCString()}</lastBuildDate>\n\n${body}\n</channel>\n</rss>\n`
  );
}
