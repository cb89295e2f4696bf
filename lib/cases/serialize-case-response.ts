// A case response's JSON with its prepared body spliced in (lib/cases/prepared-body.ts): the same bytes
// JSON.stringify(response) makes, but only the meta, the delta and the other few fields are serialized per
// request; the body's JSON was made (and encoded) once. Also its size, which the 2 MB ceiling needs, from
// the same parts.
import { randomUUID } from "node:crypto";
import type { CaseResponse } from "@/contract";
import { preparedJson } from "./prepared-body";

// Stands in for the body while the rest is serialized. No caller value can produce it: JSON escapes the
// control characters it is made of, and the random part is this process's own.
const PLACEHOLDER = `\u0000prepared-case-body-${randomUUID()}\u0000`;
const SLOT = `"case":${JSON.stringify(PLACEHOLDER)}`;
const KEY = '"case":';

/** The response without its body, split where the body goes; null when the body is not a prepared one. */
function around(response: CaseResponse): { before: string; after: string; body: Buffer } | null {
  const body = preparedJson(response.case);
  if (body === undefined) return null;
  // Spreading keeps the key order (meta, case_id, court_code, case, ...): the bytes JSON.stringify would make.
  const text = JSON.stringify({ ...response, case: PLACEHOLDER });
  const at = text.indexOf(SLOT);
  return { before: text.slice(0, at + KEY.length), after: text.slice(at + SLOT.length), body };
}

export function serializeCaseResponse(response: CaseResponse): Uint8Array<ArrayBuffer> | string {
  const parts = around(response);
  if (!parts) return JSON.stringify(response);
  return Buffer.concat([Buffer.from(parts.before, "utf8"), parts.body, Buffer.from(parts.after, "utf8")]);
}

/** UTF-8 size of the serialized response, without building it. */
export function caseResponseBytes(response: CaseResponse): number {
  const parts = around(response);
  if (!parts) return Buffer.byteLength(JSON.stringify(response), "utf8");
  return Buffer.byteLength(parts.before, "utf8") + parts.body.length + Buffer.byteLength(parts.after, "utf8");
}
