// The order one request reads its cases from their courts in, a few at a time (case-store.ts):
// - at most `limitOf(host)` cases of one court's host at once. A fetch's deadline (SOURCE_TIMEOUT_MS) runs while
//   it waits for its court's host, which takes the requests at once the court HTTP client allows it
//   (COURT_HTTP_CONCURRENCY, or the host's own COURT_HTTP_HOST_LIMITS rule: lib/sources/http/court-host-limits.ts):
//   four cases of one court read together left the last ones a fraction of their deadline, so a docket a single
//   query reads in time was cut off in a batch (503), its billed report counted at PACER's cap and the case held
//   back 15 minutes. One host may serve many courts (TAMES' Texas courts, ACIS' Florida courts): `hostOf` says
//   which host a case waits for;
// - none started after `startBy` (read-start-deadline.ts), except the request's first: the cases left are
//   handed out `late`, to be answered unread.
export interface TakenRead<T> {
  key: string;
  request: T;
  /** Not to be read: the request's time to read its courts ran out before this case's turn. */
  late: boolean;
}

export class ReadQueue<T> {
  private readonly reading = new Map<string, number>();
  private waiting: Array<() => void> = [];
  private started = 0;

  constructor(
    private readonly pending: Array<[string, T]>,
    private readonly limitOf: (host: string) => number,
    private readonly startBy: number,
    private readonly hostOf: (request: T) => string,
  ) {}

  /** The next case, or undefined when none is left; waits while every case left is of a host read at its limit. */
  async next(): Promise<TakenRead<T> | undefined> {
    for (;;) {
      if (this.pending.length === 0) return undefined;
      if (this.started > 0 && Date.now() > this.startBy) {
        const [key, request] = this.pending.shift()!;
        return { key, request, late: true };
      }
      const index = this.pending.findIndex(([, request]) => {
        const host = this.hostOf(request);
        return (this.reading.get(host) ?? 0) < this.limitOf(host);
      });
      if (index >= 0) {
        const [key, request] = this.pending.splice(index, 1)[0]!;
        const host = this.hostOf(request);
        this.reading.set(host, (this.reading.get(host) ?? 0) + 1);
        this.started += 1;
        return { key, request, late: false };
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** A read handed out by next() ended (however): its host's place is free for the next. */
  finish(request: T): void {
    const host = this.hostOf(request);
    this.reading.set(host, (this.reading.get(host) ?? 1) - 1);
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }
}
