// Reader of an ACIS case's parties (`/courts/{court}/cms/cases/{case}/parties`, a HAL list, paged): each party's
// name, its role ("Appellant", "Appellee", "Amicus - Appellee", "Lower Tribunal Clerk", "Judge/Judicial
// Officer"; the role's kind, "Party" or "Participant", where no role is given) and its attorneys (the primary
// one marked). Pure: JSON text in, the parties of this page or a refusal out.
import type { PageRefusal, PartialDocketRead, SourceParty } from "../types";
import { actorName, flag, halList, isRefusal, list, parseAcis, record, refuse, str } from "./acis-json";

export function readAcisParties(json: string): PartialDocketRead | PageRefusal {
  const root = parseAcis(json, "list of parties");
  if (isRefusal(root)) return root;
  const found = halList(root);
  if (!found) return refuse("not_a_docket", "not ACIS's list of parties: no results it can read and no page");
  const parties: SourceParty[] = [];
  let nameless = 0;
  for (const item of found.items) {
    const header = record(item.partyHeader);
    if (!header) return refuse("not_a_docket", "not ACIS's list of parties: an item without a partyHeader");
    const name = actorName(header);
    // A party without a name is not shown: one ACIS withholds from the public (nonPublicFlag) may come so, and a
    // single nameless one refused would make the whole case unavailable for a row nobody can name. A case whose
    // parties all lack one is another layout (unnamedPartiesRefusal), refused rather than stored without them.
    if (!name) {
      if (flag(item.nonPublicFlag) !== true) nameless += 1;
      continue;
    }
    const attorneys = list(item.legalRepresentations).flatMap((representation) => {
      const fields = record(representation);
      const attorney = actorName(fields?.attorneyPartyHeader);
      return attorney ? [{ name: attorney, role: flag(fields?.primaryFlag) === true ? "Primary" : null }] : [];
    });
    parties.push({
      name,
      role: str(header.partySubType) || str(header.partyType) || "Party",
      // A pro se party speaks for itself: it is its own counsel of record.
      attorneys: attorneys.length === 0 && flag(item.proSeFlag) === true ? [{ name, role: "Pro Se" }] : attorneys,
    });
  }
  const piece: PartialDocketRead = { kind: "partial", parties, page: found.page, ...(nameless > 0 ? { unnamedParties: nameless } : {}) };
  // A page that is the whole list is judged here; the pages of a longer one together (acis-source.ts).
  const whole = !found.page || found.page.totalPages <= 1;
  return (whole && unnamedPartiesRefusal([piece])) || piece;
}

/**
 * The refusal of a case none of whose parties has a name while one or more of them is not marked non-public:
 * another layout (`displayName` moved), not a case without parties. Judged on every page of the list together:
 * a nameless party alone on its page (the 51st) is left out as it is among named ones.
 */
export function unnamedPartiesRefusal(pieces: readonly PartialDocketRead[]): PageRefusal | null {
  const unnamed = pieces.reduce((sum, piece) => sum + (piece.unnamedParties ?? 0), 0);
  const named = pieces.reduce((sum, piece) => sum + (piece.parties?.length ?? 0), 0);
  return unnamed > 0 && named === 0 ? refuse("unreadable", `ACIS parties without a name (partyActorInstance.displayName), ${unnamed} of them and none named: another layout`) : null;
}
