// The readers `npm run parse` knows, by name. Each is a pure function of one saved page or response
// (lib/sources/<system>/read-*.ts); `court` says what kind of court to assume when the page names none.
import type { CourtKind } from "@/lib/courts/types";
import type { DocketRead, PageRefusal } from "./types";

export type SavedPageReader =
  | {
      kind: "docket";
      court: { kind: CourtKind; system: string };
      read: (text: string) => DocketRead | DocketRead[] | PageRefusal;
    }
  | { kind: "protocol"; read: (text: string) => unknown };

export const SAVED_PAGE_READERS: Readonly<Record<string, SavedPageReader>> = {
};
