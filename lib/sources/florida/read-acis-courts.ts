// Reader of ACIS's list of courts (`/courts`): each court's id in the API (`resourceID`, what case paths
// are under), its number (`externalIdentifier`, what a case header's `courtID` gives) and its name. Pure.
import type { PageRefusal } from "../types";
import { halList, isRefusal, parseAcis, refuse, str } from "./acis-json";

export interface AcisCourt {
  id: string;
  number: string;
  name: string;
}

export function readAcisCourts(json: string): AcisCourt[] | PageRefusal {
  const root = parseAcis(json, "list of courts");
  if (isRefusal(root)) return root;
  const found = halList(root);
  if (!found) return refuse("not_a_docket", "not ACIS's list of courts");
  const courts = found.items.flatMap((item) => {
    const id = str(item.resourceID);
    return id ? [{ id, number: str(item.externalIdentifier), name: str(item.displayName) }] : [];
  });
  return courts.length > 0 ? courts : refuse("not_a_docket", "ACIS's list of courts holds no court");
}
