// Structured server logs. Every line carries the request id a caller quotes to support.
export function logError(requestId: string, message: string, detail?: unknown): void {
  const rendered = detail instanceof Error ? { name: detail.name, message: detail.message, stack: detail.stack } : detail;
  console.error(JSON.stringify({ level: "error", request_id: requestId, message, detail: rendered }));
}
