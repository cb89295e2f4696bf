// Case ids the demo source has (about one in twenty does not exist): the first `count` of a year at nysd.
import { findCourt } from "@/lib/courts/registry";
import { generateDemoCase } from "@/lib/sources/demo/generate-case";

export function demoCaseIds(year: number, count: number): string[] {
  const ids: string[] = [];
  for (let number = 1; ids.length < count; number += 1) {
    const id = `1:${year}-cv-${String(number).padStart(5, "0")}`;
    if (generateDemoCase(findCourt("nysd")!, id, new Date(), { downCourts: new Set() }).kind === "found") ids.push(id);
  }
  return ids;
}
