// The service's clock for time-based rules (rate-limit windows, rotation windows). Tests move it; the
// database clock, used where ordering across instances matters (lib/cases/case-snapshot.ts), is not.
let offsetMs = 0;

export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Tests only: shift the clock (e.g. to the next UTC day). */
export function setClockOffsetForTests(ms: number): void {
  offsetMs = ms;
}
