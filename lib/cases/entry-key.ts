// Stable identity of a docket entry at its source, so a refresh updates an entry instead of adding it
// again (and keeps its appearance time). An entry is known first by its number, then by the source's own
// entry id (ACMS GUIDs, CM/ECF sequence numbers), then by its document, and a minute entry without any of
// these by its filing time and text. An entry read once with its sequence number and once without (CM/ECF
// appellate's docket and summary forms) is the stored one carrying its document, or without a document the
// stored one of its filing time and text; read with it again, the stored one that kept that number, whatever
// its text now.
//
// Real dockets repeat numbers (old CM/ECF dockets give a motion and the order on it one number; a sealed
// placeholder shares its document's number) and list identical minute entries on one day, so one such
// base key can stand for several entries: they are told apart as `base`, `base#2`, `base#3`..., matched to
// the stored ones by sequence, then exact text, then an edited text (extended, or marked "Modified on ..."),
// then filing day, never across two CM/ECF "(Entered: ...)" days, so an edit or a partial reading (an
// incremental fetch) never turns one entry into another.
//
// A reading of only the entries entered since a day (PACER's incremental docket fetch) cannot hold an entry
// that appeared before that day: such a stored entry is never the match of an incoming one by text, filing
// time or "the one left under this number" (a new sealed placeholder or a late copy under an old number is
// a new filing, not an edit of the old entry, which the reading leaves out). Only the source's own id (its
// sequence number; its document, for an entry known by document alone) still matches it.
//
// An entry with neither number nor id (the Supreme Court's, TAMES', ACIS') changes its base key when the court
// edits it: its document is linked days after the filing (the Court's PDFs), or its disposition or remarks are
// filled in when the court rules (TAMES' "type (disposition) — remarks"). So such an entry is first the stored
// one that carries its document, whatever key that one was stored under; and, left unmatched, the stored one
// left over with the same filing time and the same text, else a text it keeps or fills in, or the same text
// with its character references decoded (a reader that came to decode them). An edit is never a new filing; an
// unrelated text on that day, or another document, is.
//
// An entry listing several documents without ids of its own (a TAMES event: `document_ids`) is known by all of
// them: its key is its lowest document id, not the one listed first, and it is the stored entry carrying any of
// them. So the same event with its documents in another order, or with one added before the first, is the same
// entry; so is one stored by an earlier release, keyed by the document listed first then (`doc:<that id>`).
import { createHash } from "node:crypto";
import { decodeEntities } from "@/lib/sources/pacer/decode-entities";
import type { NormalizedDocketEntry } from "./types";

type KeyedEntry = Pick<NormalizedDocketEntry, "document_identifier" | "entry_number" | "filed_at" | "description" | "source_sequence" | "document_ids">;

/** Every document of an entry: the one it shows first, then the others it lists (lowest id first). */
function documentsOf(entry: KeyedEntry): string[] {
  const others = entry.document_ids ?? [];
  return entry.document_identifier ? [entry.document_identifier, ...others.filter((id) => id !== entry.document_identifier)] : [...others];
}

/** What the store knows of an entry it holds, to match an incoming one to it. */
export interface StoredIdentity {
  key: string;
  sequence: string | null;
  description: string;
  filedMs: number;
  /** The document the stored entry carries now (it may have been linked after the entry got its key). */
  document: string | null;
  /** When it appeared on the docket (appeared_at), in milliseconds: never before the source entered it. */
  appearedMs: number;
}

export interface AssignEntryKeysOptions {
  /**
   * The reading lists only entries entered at or after this instant (ms): a stored entry that appeared
   * before it is matched by the source's own ids only.
   */
  readSinceMs?: number;
}

export function entryKey(entry: KeyedEntry): string {
  if (entry.entry_number !== null) return `num:${entry.entry_number}`;
  if (entry.source_sequence) return `seq:${entry.source_sequence}`;
  // Several documents: the lowest id (document_ids is sorted: normalize-case.ts), whatever order the source lists them in.
  const lowest = entry.document_ids?.[0];
  if (lowest) return `doc:${lowest}`;
  if (entry.document_identifier) return `doc:${entry.document_identifier}`;
  const digest = createHash("sha256").update(`${Date.parse(entry.filed_at)}\u0000${entry.description}`).digest("hex");
  return `hash:${digest.slice(0, 32)}`;
}

const baseOf = (key: string) => key.replace(/#\d+$/, "");
const indexOf = (key: string) => Number(/#(\d+)$/.exec(key)?.[1] ?? 1);

/** Keys of a whole docket read on its own (nothing stored yet), in its order. */
export function entryKeys(entries: readonly KeyedEntry[]): string[] {
  return assignEntryKeys(entries, []);
}

/** The key of each incoming entry: the stored entry it is, or a fresh key for a new one. */
export function assignEntryKeys(incoming: readonly KeyedEntry[], stored: readonly StoredIdentity[], { readSinceMs }: AssignEntryKeysOptions = {}): string[] {
  // Whether a stored entry can be in this reading at all (see the header).
  const inReading = (identity: StoredIdentity) => readSinceMs === undefined || identity.appearedMs >= readSinceMs;
  const storedByBase = groupBy(stored, (identity) => baseOf(identity.key));
  const bases = incoming.map(entryKey);
  const incomingByBase = groupBy(bases.keys(), (index) => bases[index]!);

  const keys = new Array<string>(incoming.length);
  const used = new Set<StoredIdentity>();
  // Entries known by document or text alone: the stored entry carrying the same document, first.
  const looseStored = stored.filter((identity) => isLoose(baseOf(identity.key)));
  // By document, through a map: an appellate docket holds thousands of such entries.
  const storedByDocument = groupBy(looseStored, (identity) => identity.document);
  // Each entry's first document before any entry's others: an entry must not take, through a document it
  // merely also lists, the stored entry that another one shows first.
  for (const position of ["first", "others"] as const) {
    incoming.forEach((entry, index) => {
      if (!isLoose(bases[index]!) || keys[index] !== undefined) return;
      const documents = documentsOf(entry);
      for (const document of position === "first" ? documents.slice(0, 1) : documents.slice(1)) {
        const found = storedByDocument.get(document)?.find((identity) => !used.has(identity));
        if (!found) continue;
        used.add(found);
        keys[index] = found.key;
        return;
      }
    });
  }
  const unmatchedByBase = new Map<string, Set<number>>();
  for (const [base, members] of incomingByBase) {
    const candidates = storedByBase.get(base) ?? [];
    const unmatched = new Set(members.filter((index) => keys[index] === undefined));
    unmatchedByBase.set(base, unmatched);
    const pass = (same: (entry: KeyedEntry, identity: StoredIdentity) => boolean) => {
      for (const index of unmatched) {
        const found = candidates.find((identity) => !used.has(identity) && same(incoming[index]!, identity));
        if (!found) continue;
        used.add(found);
        keys[index] = found.key;
        unmatched.delete(index);
      }
    };
    pass((entry, identity) => Boolean(entry.source_sequence) && entry.source_sequence === identity.sequence);
    const weak = (entry: KeyedEntry, identity: StoredIdentity) => inReading(identity) && !conflicting(entry, identity);
    pass((entry, identity) => entry.description === identity.description && weak(entry, identity));
    // Its text edited ("… Modified on …" added) before the filing time: a new row under the same number
    // filed the same day (a sealed placeholder) is not what the edited one was.
    pass((entry, identity) => editedText(identity.description, entry.description) && weak(entry, identity));
    // A text the clerk rewrote and marked "Modified on …", filed the same day, before any other row of it.
    const sameDay = (entry: KeyedEntry, identity: StoredIdentity) => Date.parse(entry.filed_at) === identity.filedMs && weak(entry, identity);
    pass((entry, identity) => modifiedSince(identity.description, entry.description) && sameDay(entry, identity));
    pass(sameDay);
    // One entry under a number, read and stored: the same entry, edited (CM/ECF numbers do not move).
    const left = candidates.filter((identity) => !used.has(identity) && inReading(identity));
    if (unmatched.size === 1 && left.length === 1 && members.length === 1 && !conflicting(incoming[[...unmatched][0]!]!, left[0]!)) {
      const index = [...unmatched][0]!;
      used.add(left[0]!);
      keys[index] = left[0]!.key;
      unmatched.clear();
    }
  }

  // The same entry read once with its sequence number and once without (CM/ECF appellate's summary form of a
  // docket has no selection checkboxes, its docket form has): its document, an id of the source too, says it is
  // the stored one, whichever form was stored; without a document, its filing time and its very text, where
  // the stored one can be in this reading. Numbered entries are known by their number. Of several stored
  // entries with its document, the one of its filing time and text first, so neither the store's order nor the
  // docket's pairs two entries sharing a document crosswise.
  const storedWithDocument = groupBy(
    stored.filter((identity) => identity.document !== null),
    (identity) => identity.document,
  );
  const storedWithoutDocument = groupBy(
    stored.filter((identity) => identity.document === null),
    (identity) => `${identity.filedMs}\u0000${identity.description}`,
  );
  // An entry stored by document or text that a docket form gave its sequence number (kept since): that id first.
  const looseBySequence = groupBy(
    looseStored.filter((identity) => identity.sequence !== null),
    (identity) => identity.sequence,
  );
  for (const [base, unmatched] of unmatchedByBase) {
    const sequenced = base.startsWith("seq:");
    if (!sequenced && !isLoose(base)) continue;
    for (const index of unmatched) {
      const entry = incoming[index]!;
      const filedMs = Date.parse(entry.filed_at);
      const other = (identity: StoredIdentity) =>
        !used.has(identity) &&
        (sequenced
          ? isLoose(baseOf(identity.key)) && (identity.sequence === null || identity.sequence === entry.source_sequence)
          : baseOf(identity.key).startsWith("seq:") && !conflicting(entry, identity));
      const bySequence = sequenced ? looseBySequence.get(entry.source_sequence!)?.find((identity) => !used.has(identity)) : undefined;
      if (bySequence) {
        used.add(bySequence);
        keys[index] = bySequence.key;
        unmatched.delete(index);
        continue;
      }
      const documents = documentsOf(entry);
      const candidates = (
        documents.length > 0
          ? documents.flatMap((document) => storedWithDocument.get(document) ?? [])
          : (storedWithoutDocument.get(`${filedMs}\u0000${entry.description}`) ?? []).filter(inReading)
      ).filter(other);
      const sameFiling = (identity: StoredIdentity) => identity.filedMs === filedMs;
      const found =
        candidates.find((identity) => sameFiling(identity) && identity.description === entry.description) ?? candidates.find(sameFiling) ?? candidates[0];
      if (!found) continue;
      used.add(found);
      keys[index] = found.key;
      unmatched.delete(index);
    }
  }

  // Entries known by document or text alone, edited since they were stored (see the header): the same text
  // for every such entry first, then an edited one, so the docket's order never decides which is which.
  const storedByFiling = groupBy(looseStored, (identity) => identity.filedMs);
  const crossPass = (sameText: (before: string, after: string) => boolean) => {
    for (const [base, unmatched] of unmatchedByBase) {
      if (!isLoose(base)) continue;
      for (const index of unmatched) {
        const entry = incoming[index]!;
        const found = storedByFiling
          .get(Date.parse(entry.filed_at))
          ?.find((identity) => !used.has(identity) && inReading(identity) && sameDocument(entry, identity) && sameText(identity.description, entry.description));
        if (!found) continue;
        used.add(found);
        keys[index] = found.key;
        unmatched.delete(index);
      }
    }
  };
  crossPass((before, after) => before === after);
  crossPass(editedText);

  for (const [base, unmatched] of unmatchedByBase) {
    // New entries under this base: the next free suffixes.
    const candidates = storedByBase.get(base) ?? [];
    let next = candidates.reduce((highest, identity) => Math.max(highest, indexOf(identity.key)), 0);
    for (const index of incomingByBase.get(base)!) {
      if (!unmatched.has(index)) continue;
      next += 1;
      keys[index] = next === 1 ? base : `${base}#${next}`;
    }
  }
  return keys;
}

/** Items by a key of theirs, each group in the items' order. */
function groupBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** A base key of an entry the source neither numbers nor identifies: its document, or its filing time and text. */
function isLoose(base: string): boolean {
  return base.startsWith("doc:") || base.startsWith("hash:");
}

/** Not two different documents (an entry's document may be linked later, or dropped; one of several listed). */
function sameDocument(entry: KeyedEntry, identity: StoredIdentity): boolean {
  const documents = documentsOf(entry);
  return documents.length === 0 || identity.document === null || documents.includes(identity.document);
}

/** "type (disposition) — remarks", as the TAMES reader writes an event (lib/sources/texas/tames-events.ts). */
const EVENT_PARTS = /^(.*?)(?: \(([^()]*)\))?(?: — (.*))?$/s;

/**
 * One entry's text before and after an edit: extended after a word (a remark added), or the same event with
 * its disposition or remarks filled in where they were empty ("… filed" → "… filed (Motion or Writ
 * Granted)"). A disposition or remark that changed is another text.
 */
function editedText(before: string, after: string): boolean {
  if (decodedSince(before, after)) return true;
  // CM/ECF inserts "Modified on …" before the closing "(Entered: …)" stamp: compare the texts without it.
  const [shorter, longer] = [withoutEnteredStamp(before), withoutEnteredStamp(after)].sort((a, b) => a.length - b.length) as [string, string];
  if (shorter.length > 0 && longer.startsWith(shorter) && /^\s/.test(longer.slice(shorter.length))) return true;
  const [, typeA = "", dispositionA = "", remarksA = ""] = EVENT_PARTS.exec(before) ?? [];
  const [, typeB = "", dispositionB = "", remarksB = ""] = EVENT_PARTS.exec(after) ?? [];
  const filledIn = (a: string, b: string) => a === b || a === "" || b === "";
  return typeA !== "" && typeA === typeB && filledIn(dispositionA, dispositionB) && filledIn(remarksA, remarksB);
}

const collapsed = (text: string) => text.replace(/[\s\u00a0]+/g, " ").trim();
/**
 * The stored text is the incoming one with character references left undecoded ("28 U.S.C. &sect; 2101" now
 * read "28 U.S.C. § 2101"): a reader that came to decode them (the Supreme Court's) tells the same words, not a
 * new filing, so an entry known by its text keeps its key and is stored with the decoded text.
 */
function decodedSince(before: string, after: string): boolean {
  return before !== after && before.includes("&") && collapsed(decodeEntities(before)) === collapsed(after);
}

/** CM/ECF's "(Entered: 07/15/2004)" closing an entry's text: the day the clerk entered it, which no edit changes. */
const ENTERED_STAMP = /\s*\(Entered:\s*(\d{1,2}\/\d{1,2}\/\d{2,4})\)\s*$/i;
const withoutEnteredStamp = (text: string) => text.replace(ENTERED_STAMP, "");
const enteredStamp = (text: string) => ENTERED_STAMP.exec(text)?.[1] ?? null;

const MODIFIED = /\bModified on \d{1,2}\/\d{1,2}\/\d{2,4}/gi;
/** The later text carries a "Modified on …" mark the earlier one does not. */
function modifiedSince(before: string, after: string): boolean {
  return (after.match(MODIFIED)?.length ?? 0) > (before.match(MODIFIED)?.length ?? 0);
}

/** Two entries the source itself tells apart: by their own ids, or by the days CM/ECF says it entered them. */
function conflicting(entry: KeyedEntry, identity: StoredIdentity): boolean {
  if (Boolean(entry.source_sequence) && identity.sequence !== null && entry.source_sequence !== identity.sequence) return true;
  const [entered, storedEntered] = [enteredStamp(entry.description), enteredStamp(identity.description)];
  return entered !== null && storedEntered !== null && entered !== storedEntered;
}
