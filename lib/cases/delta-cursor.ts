// The continuation of a truncated delta (`delta.next_cursor` → `delta_cursor`). New filings are walked in
// the order they appeared (appeared_at, then the entry's stable key): a timestamp alone would be unsafe,
// since a case's first fetch or one refresh gives many entries the same appearance. The cursor names the
// last entry returned, the `last_checked` it belongs to and the case it walks (a digest of court and case id:
// a batch puts several cursors side by side, and one sent with another case would skip that case's filings
// while answering `truncated: false`); it is opaque to agents (base64url JSON).
import { createHash } from "node:crypto";
import { ServiceError } from "@/lib/errors";

export interface DeltaPosition {
  /** appeared_at of the last entry returned, in milliseconds. */
  appearedMs: number;
  /** Its stable key (lib/cases/entry-key.ts). */
  key: string;
}

/** The case a walk belongs to. */
export interface DeltaCase {
  courtCode: string;
  /** The canonical case id (lib/courts/normalize-case-id.ts). */
  caseId: string;
}

interface CursorBody {
  v: 1;
  /** The last_checked instant the walk belongs to, in milliseconds. */
  s: number;
  a: number;
  k: string;
  /** The case's digest (caseTag); absent from cursors handed out before it was added, which stay valid. */
  c?: string;
}

/** A short digest of court and case: enough to tell two cases' cursors apart, nothing to read back. */
export function caseTag({ courtCode, caseId }: DeltaCase): string {
  return createHash("sha256").update(`${courtCode}\u0000${caseId}`).digest("base64url").slice(0, 10);
}

export function encodeDeltaCursor(sinceMs: number, forCase: DeltaCase, position: DeltaPosition): string {
  const body: CursorBody = { v: 1, s: sinceMs, a: position.appearedMs, k: position.key, c: caseTag(forCase) };
  return Buffer.from(JSON.stringify(body), "utf8").toString("base64url");
}

const invalid = (message: string) => new ServiceError("invalid_parameter", message, { parameter: "delta_cursor" });

/** The position a cursor continues from; refused when it is malformed or belongs to another last_checked or case. */
export function decodeDeltaCursor(cursor: string, sinceMs: number, forCase: DeltaCase): DeltaPosition {
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<CursorBody>;
  } catch {
    throw invalid("delta_cursor is not a delta.next_cursor value from a previous response.");
  }
  if (body?.v !== 1 || typeof body.s !== "number" || typeof body.a !== "number" || typeof body.k !== "string" || !["string", "undefined"].includes(typeof body.c)) {
    throw invalid("delta_cursor is not a delta.next_cursor value from a previous response.");
  }
  if (body.s !== sinceMs) {
    throw invalid("delta_cursor continues a delta for another last_checked: send the last_checked of the answer that gave it.");
  }
  if (body.c !== undefined && body.c !== caseTag(forCase)) {
    throw invalid("delta_cursor continues the delta of another case: send it with the case_id and court_code of the answer that gave it.");
  }
  return { appearedMs: body.a, key: body.k };
}

/** Walk order of new filings: appearance, then key. */
export function compareWalk(a: DeltaPosition, b: DeltaPosition): number {
  return a.appearedMs - b.appearedMs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
