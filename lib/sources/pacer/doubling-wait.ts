// The wait after something PACER-side failed `times` times in a row: 15 minutes, doubling with each
// failure, up to a day. One schedule for a case's held reports (report-hold.ts) and a court that refuses
// fresh sessions (ecf-request.ts).
const FIRST_WAIT_MS = 15 * 60_000;
const LONGEST_WAIT_MS = 86_400_000;

export function doublingWaitMs(times: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, times - 1));
}
