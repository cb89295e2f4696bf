// The continuation of a truncated delta (`delta.next_cursor` → `delta_cursor`). New filings are walked in
// the order they appeared (appeared_at, then the entry's stable key): a timestamp alone would be unsafe,
// since a case's first fetch or one refresh gives many entries the same appearance. The cursor names the
// last entry returned and the `last_checked` it belongs to; it is opaque to agents (base64url JSON).
import { ServiceError } from "@/lib/errors";

export interface DeltaPosition {
  /** appeared_at of the last entry returned, in milliseconds. */
  appearedMs: number;
  /** Its stable key (lib/cases/entry-key.ts). */
  key: string;
}

interface CursorBody {
  v: 1;
  /** The last_checked instant the walk belongs to, in milliseconds. */
  s: number;
  a: number;
  k: string;
}

export function encodeDeltaCursor(sinceMs: number, position: DeltaPosition): string {
  const body: CursorBody = { v: 1, s: sinceMs, a: position.appearedMs, k: position.key };
  return Buffer.from(JSON.stringify(body), "utf8").toString("base64url");
}

const invalid = (message: string) => new ServiceError("invalid_parameter", message, { parameter: "delta_cursor" });

/** The position a cursor continues from; refused when it is malformed or belongs to another last_checked. */
export function decodeDeltaCursor(cursor: string, sinceMs: number): DeltaPosition {
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<CursorBody>;
  } catch {
    throw invalid("delta_cursor is not a delta.next_cursor value from a previous response.");
  }
  if (body?.v !== 1 || typeof body.s !== "number" || typeof body.a !== "number" || typeof body.k !== "string") {
    throw invalid("delta_cursor is not a delta.next_cursor value from a previous response.");
  }
  if (body.s !== sinceMs) {
    throw invalid("delta_cursor continues a delta for another last_checked: send the last_checked of the answer that gave it.");
  }
  return { appearedMs: body.a, key: body.k };
}

/** Walk order of new filings: appearance, then key. */
export function compareWalk(a: DeltaPosition, b: DeltaPosition): number {
  return a.appearedMs - b.appearedMs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
