// CM/ECF document ids as the `doc1` links carry them: a 3-digit court prefix, one flag digit, a serial.
// The flag (4th digit) only says whether the link skips the attachment menu, so one document appears as
// `03514235952` on one page and `03504235952` on another; CM/ECF itself treats both as the same document,
// so we normalize the flag to 0 (see ../shared/notes/court-systems.md, "doc1 ids").

/** The document id of a `doc1` (district, bankruptcy) or `docs1` (appellate) link, normalized; or null. */
export function docIdFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /\/docs?1\/(\d{4,})/.exec(url);
  return match ? normalizeDocId(match[1]!) : null;
}

/**
 * Older bankruptcy pages link documents as `show_doc.pl?caseid=..&de_seq_num=..&dm_id=..` instead of doc1:
 * the document manager id `dm_id` names the document there. Prefixed (`dm:13502055`) so that it is never
 * taken for a doc1 id; the link itself reaches the document.
 */
export function showDocIdFromUrl(url: string | null | undefined): string | null {
  if (!url || !/show_doc\.pl/.test(url)) return null;
  const match = /[?&;]dm_id=(\d+)/.exec(url);
  return match ? `dm:${match[1]}` : null;
}

export function normalizeDocId(id: string): string {
  return id.length >= 4 ? `${id.slice(0, 3)}0${id.slice(4)}` : id;
}

/** The court code of a CM/ECF host named in a page or link (`ecf.cand.uscourts.gov` → `cand`). */
export function courtFromHost(text: string | null | undefined): string | null {
  const match = /\becf\.([a-z0-9]+)\.uscourts\.gov\b/i.exec(text ?? "");
  return match ? match[1]!.toLowerCase() : null;
}
