// Runs once when the server starts. A configuration error stops the server here, with the message of
// lib/env.ts, instead of failing every request later. Then the database is opened (applying pending
// migrations) so the first user request does not pay PGlite's boot time; a database that is not
// reachable yet is retried by the first request that needs it. In development without Inngest, tracked
// cases are refreshed in-process (lib/refresh/start-local-refresher.ts). Payments a crash left unfinished are
// reconciled from the chain (lib/payments/run-reconciler.ts).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("./lib/env");
  const env = getEnv();
  // Before any request: the TCP peer for client addresses, and the requests Next cannot represent
  // (TRACE, request target `*`) answered in the envelope (lib/http/raw-request-guard.ts).
  const { installRawRequestGuard } = await import("./lib/http/raw-request-guard");
  installRawRequestGuard();
  const { getDatabase } = await import("./lib/db");
  try {
    await getDatabase();
  } catch (error) {
    console.error(JSON.stringify({ level: "error", message: "database start-up failed", detail: String(error) }));
  }
  if (env.NODE_ENV === "development" && env.LOCAL_REFRESH_SECONDS > 0 && !env.INNGEST_DEV) {
    const { startLocalRefresher } = await import("./lib/refresh/start-local-refresher");
    startLocalRefresher(env.LOCAL_REFRESH_SECONDS);
  }
  // Payments a crash left unfinished are finished from the chain, in the background (never blocking start-up).
  const { reconcileAtStartup } = await import("./lib/payments/run-reconciler");
  void reconcileAtStartup()
    .then((summary) => summary && console.log(JSON.stringify({ level: "info", message: "payments reconciled at start-up", ...summary })))
    .catch((error: unknown) => console.error(JSON.stringify({ level: "error", message: "payment reconciliation at start-up failed", detail: String(error) })));
}
