// The ceiling of a whole batch answer (docs/limits.md "A batch answer"): 50 large dockets would otherwise
// make a 100 MB answer from one free sandbox request. The answer's budget is shared between its results:
// every result first gets an equal share (never more than the 2 MB of a single answer); what the results
// that fit in it leave unused is then split among the ones that were cut, which are built again with the
// larger share. A cut result says what it left out in its own truncation_details (limit_bytes: its share).
import type { BatchResult } from "@/contract";
import { RESPONSE_LIMIT_BYTES } from "./fit-docket";

/** 10 MB in decimal bytes: five full-size single answers. */
export const BATCH_RESPONSE_LIMIT_BYTES = 10_000_000;

/** Room for the batch's meta block and the brackets around the results. */
const BATCH_FRAME_BYTES = 2_048;
/** Per result, beside its echo and its response or error: `{"status":"success","response":...},` and the keys. */
const RESULT_FRAME_BYTES = 96;
/** Building a result again is worth it only for at least this much more room. */
const MIN_ENLARGEMENT_BYTES = 16_384;

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), "utf8");

export class BatchShares {
  private readonly equalShare: number;
  private readonly available: number;
  private readonly sizes: number[];
  private readonly shares: number[];
  private readonly cut: boolean[];

  /** `echoes`: each query's case_id and court_code as submitted, which every result repeats. */
  constructor(echoes: ReadonlyArray<{ case_id: string; court_code: string }>, limitBytes = BATCH_RESPONSE_LIMIT_BYTES) {
    const count = echoes.length;
    const fixed = BATCH_FRAME_BYTES + echoes.reduce((sum, echo) => sum + bytes(echo) + RESULT_FRAME_BYTES, 0);
    this.available = Math.max(0, limitBytes - fixed);
    this.equalShare = Math.min(RESPONSE_LIMIT_BYTES, Math.floor(this.available / Math.max(count, 1)));
    this.sizes = new Array<number>(count).fill(0);
    this.shares = new Array<number>(count).fill(this.equalShare);
    this.cut = new Array<boolean>(count).fill(false);
  }

  firstShare(): number {
    return this.equalShare;
  }

  /** A result as built with its share: how much room it takes, and whether it was cut to fit. */
  record(index: number, result: BatchResult, share = this.shares[index]!): void {
    this.shares[index] = share;
    if (result.status === "success") {
      this.sizes[index] = bytes(result.response);
      this.cut[index] = result.response.meta.truncated;
    } else {
      this.sizes[index] = bytes(result.error);
      this.cut[index] = false;
    }
  }

  /** The cut results that can grow with what the others left unused, and their new shares. */
  enlargedShares(): Array<{ index: number; limitBytes: number }> {
    const growable = this.cut.flatMap((cut, index) => (cut && this.shares[index]! < RESPONSE_LIMIT_BYTES ? [index] : []));
    if (growable.length === 0) return [];
    // The results that stay hold their size; the ones to grow are counted at their whole share, so the
    // sum of the new shares can never pass the ceiling.
    const used = this.sizes.reduce((sum, size, index) => sum + (growable.includes(index) ? this.shares[index]! : size), 0);
    const unused = this.available - used;
    const extra = Math.floor(unused / growable.length);
    if (extra < MIN_ENLARGEMENT_BYTES) return [];
    return growable.map((index) => ({ index, limitBytes: Math.min(RESPONSE_LIMIT_BYTES, this.shares[index]! + extra) }));
  }
}

/** Lets the event loop serve other requests between two results of a large batch. */
export function yieldToOtherRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
