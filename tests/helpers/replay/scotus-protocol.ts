// The Supreme Court's docket JSON for the replay server, from the recorded real dockets of
// ../shared/corpus/scotus/json: `GET /RSS/Cases/JSON/<docket>.json`, 404 (the site's HTML) for a docket it
// does not have. A test can serve an earlier state of a docket (its newest proceedings not yet entered), or
// any text in its place (a changed layout).
import { corpusFiles, corpusText } from "../corpus";
import type { ReplayProtocol, ReplayRequest, ReplayResponse } from "./replay-server";

const NOT_FOUND_PAGE = `<!DOCTYPE html><html><head><title>404 - File or directory not found.</title></head><body><h2>404 - File or directory not found.</h2><h3>The resource you are looking for might have been removed, had its name changed, or is temporarily unavailable.</h3></body></html>`;

export class ScotusReplay implements ReplayProtocol {
  /** Docket number → the JSON served for it. */
  private readonly dockets = new Map<string, string>();
  readonly recorded = new Map<string, string>();

  constructor() {
    for (const file of corpusFiles("scotus/json", ".compare.json")) {
      const number = file.split("/").pop()!.replace(/\.compare\.json$/, "").toUpperCase();
      this.recorded.set(number, corpusText(file));
    }
    for (const [number, json] of this.recorded) this.dockets.set(number, json);
  }

  /** Serves the docket as it stood before its `newest` last proceedings were entered; 0 restores it. */
  withoutNewest(number: string, newest: number): void {
    const json = JSON.parse(this.recorded.get(number.toUpperCase())!) as { ProceedingsandOrder?: unknown[] };
    if (newest > 0) json.ProceedingsandOrder = (json.ProceedingsandOrder ?? []).slice(0, -newest);
    this.dockets.set(number.toUpperCase(), JSON.stringify(json));
  }

  /** Serves this text as the docket's JSON (a changed or damaged answer); null restores the recorded one. */
  serveText(number: string, text: string | null): void {
    this.dockets.set(number.toUpperCase(), text ?? this.recorded.get(number.toUpperCase())!);
  }

  async handle(request: ReplayRequest): Promise<ReplayResponse | null> {
    const match = /^\/RSS\/Cases\/JSON\/([^/]+)\.json$/i.exec(request.path);
    if (!match || request.method !== "GET") return null;
    const json = this.dockets.get(decodeURIComponent(match[1]!).toUpperCase());
    if (!json) return { status: 404, headers: { "content-type": "text/html" }, body: NOT_FOUND_PAGE };
    return { headers: { "content-type": "application/json; charset=utf-8" }, body: json };
  }
}
