// Structured server logs, one JSON line each. Request logs carry the request id a caller quotes to support.
export function logError(requestId: string, message: string, detail?: unknown): void {
  const rendered = detail instanceof Error ? { name: detail.name, message: detail.message, stack: detail.stack } : detail;
  console.error(JSON.stringify({ level: "error", request_id: requestId, message, detail: rendered }));
}

/** Background work (refreshes, source fetches): no request id, but the court and case. */
export function logEvent(level: "info" | "warn" | "error", message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, message, ...fields });
  if (level === "info") console.log(line);
  else console.error(line);
}
