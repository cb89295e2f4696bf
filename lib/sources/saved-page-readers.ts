// The readers `npm run parse` knows, by name. Each is a pure function of one saved page or response
// (lib/sources/<system>/read-*.ts); `court` says what kind of court to assume when the page names none.
import type { CourtKind } from "@/lib/courts/types";
import type { DocketRead, PageRefusal, PartialDocketRead } from "./types";
import { readAcisCase } from "./florida/read-acis-case";
import { readAcisDocketEntries } from "./florida/read-acis-docket-entries";
import { readAcisParties } from "./florida/read-acis-parties";
import { readAcmsCase } from "./pacer/read-acms-case";
import { readAppellateDocket } from "./pacer/read-appellate-docket";
import { readCaseQuery } from "./pacer/read-case-query";
import { readDocketReport } from "./pacer/read-docket-report";
import { readMobileQuery } from "./pacer/read-mobile-query";
import { readPossibleCaseNumbers } from "./pacer/read-possible-case-numbers";
import { readRssFeedDockets } from "./pacer/read-rss-feed";
import { readScotusHtml } from "./scotus/read-scotus-html";
import { readScotusJson } from "./scotus/read-scotus-json";
import { readTamesCase } from "./texas/read-tames-case";

export type SavedPageReader =
  | {
      kind: "docket";
      court: { kind: CourtKind; system: string };
      read: (text: string) => DocketRead | DocketRead[] | PageRefusal;
    }
  | { kind: "protocol"; read: (text: string) => unknown }
  | {
      /** One piece of a case a system serves in several answers (ACIS parties, docket entries). */
      kind: "partial";
      court: { kind: CourtKind; system: string };
      read: (text: string) => PartialDocketRead | PageRefusal;
    };

export const SAVED_PAGE_READERS: Readonly<Record<string, SavedPageReader>> = {
  "acms": { kind: "docket", court: { kind: "us_appellate", system: "ACMS" }, read: readAcmsCase },
  "pacer-rss": { kind: "docket", court: { kind: "us_district", system: "CM/ECF" }, read: readRssFeedDockets },
  "pacer-docket": { kind: "docket", court: { kind: "us_district", system: "CM/ECF" }, read: readDocketReport },
  "pacer-appellate": { kind: "docket", court: { kind: "us_appellate", system: "CM/ECF Appellate" }, read: readAppellateDocket },
  "pacer-possible-case-numbers": { kind: "protocol", read: readPossibleCaseNumbers },
  "pacer-case-query": { kind: "protocol", read: readCaseQuery },
  "pacer-mobile-query": { kind: "protocol", read: readMobileQuery },
  "scotus-json": { kind: "docket", court: { kind: "us_national", system: "supremecourt.gov" }, read: readScotusJson },
  "scotus-html": { kind: "docket", court: { kind: "us_national", system: "supremecourt.gov" }, read: readScotusHtml },
  "texas": { kind: "docket", court: { kind: "us_state", system: "TAMES" }, read: readTamesCase },
  "florida-case": { kind: "docket", court: { kind: "us_state", system: "ACIS" }, read: readAcisCase },
  "florida-parties": { kind: "partial", court: { kind: "us_state", system: "ACIS" }, read: readAcisParties },
  "florida-docket-entries": { kind: "partial", court: { kind: "us_state", system: "ACIS" }, read: readAcisDocketEntries },
};
