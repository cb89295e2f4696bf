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
  for (const item of found.items) {
    const header = record(item.partyHeader);
    if (!header) return refuse("not_a_docket", "not ACIS's list of parties: an item without a partyHeader");
    const name = actorName(header);
    // A party ACIS withholds from the public (nonPublicFlag) may come without a name: it is not shown. Any other
    // without one is another layout, refused rather than dropped (the docket would be stored short of a party).
    if (!name && flag(item.nonPublicFlag) === true) continue;
    if (!name) return refuse("unreadable", "an ACIS party without a name (partyActorInstance.displayName) that is not marked non-public");
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
  return { kind: "partial", parties, page: found.page };
}
