// What the server does once when it starts (instrumentation.ts calls it in the Node.js runtime only, so the
// Edge bundle never sees process.exit). A configuration error stops the server here (the process exits), with
// the message of lib/env.ts, instead of failing every request later. Then the database is opened (applying
// pending migrations) so the first user request does not pay PGlite's boot time; a database that is not
// reachable yet is retried by the first request that needs it. The payment settings are compared with the
// chain they name (a disagreement stops the server too). In development without Inngest, tracked
// cases are refreshed in-process (lib/refresh/start-local-refresher.ts). Payments a crash left unfinished are
// reconciled from the chain (lib/payments/run-reconciler.ts).
import { logEvent } from "@/lib/log";

export async function startServer(): Promise<void> {
  const { getEnv } = await import("@/lib/env");
  const { getPaymentConfig } = await import("@/lib/payments/payment-config");
  let env: ReturnType<typeof getEnv>;
  let payments: ReturnType<typeof getPaymentConfig>;
  try {
    env = getEnv();
    payments = getPaymentConfig();
  } catch (error) {
    // Next keeps serving after register() throws, answering 500 to every request: a process that exits is
    // one its supervisor sees (and restarts), as the docs promise.
    logEvent("error", "configuration error: the server stops", { detail: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
  if (env.NODE_ENV === "production" && env.INNGEST_DEV === true) {
    logEvent("error", "INNGEST_DEV=1 in production: /api/inngest is closed (the dev mode would accept unsigned calls), so Inngest cannot run refreshes, deliveries or reconciliation here; unset INNGEST_DEV and set INNGEST_SIGNING_KEY");
  }
  if (env.NODE_ENV === "production" && env.INNGEST_EVENT_KEY === undefined && env.INNGEST_DEV !== true) {
    logEvent("error", "Inngest is not configured (INNGEST_EVENT_KEY): callbacks are never sent and tracked cases never refreshed; see docs/deploy.md");
  }
  if (env.NODE_ENV === "production" && env.PUBLIC_BASE_URL === undefined && env.VERCEL !== "1") {
    logEvent("warn", "PUBLIC_BASE_URL is not set: every link in an answer (documentation_url, OpenAPI servers) names this server's own address; set it to the public origin (docs/configuration.md)");
  }
  // Before any request: the TCP peer for client addresses, and the requests Next cannot represent
  // (TRACE, request target `*`) answered in the envelope (lib/http/raw-request-guard.ts).
  const { installRawRequestGuard } = await import("@/lib/http/raw-request-guard");
  installRawRequestGuard();
  const { getDatabase } = await import("@/lib/db");
  try {
    await getDatabase();
  } catch (error) {
    logEvent("error", "database start-up failed", { detail: String(error) });
  }
  if (env.NODE_ENV === "development" && env.LOCAL_REFRESH_SECONDS > 0 && !env.INNGEST_DEV) {
    const { startLocalRefresher } = await import("@/lib/refresh/start-local-refresher");
    startLocalRefresher(env.LOCAL_REFRESH_SECONDS);
  }
  // The payment settings against the chain they name (check-chain-settings.ts), in the background: a node
  // that answers otherwise stops the server like a configuration error; one that does not answer is retried
  // by every payment, and only warned of here.
  if (payments?.rpcUrl) {
    const rpcUrl = payments.rpcUrl;
    const { checkChainSettings } = await import("@/lib/payments/check-chain-settings");
    void checkChainSettings(payments, rpcUrl)
      .then(({ problems }) => {
        if (problems.length === 0) return;
        logEvent("error", "payment settings disagree with the chain: the server stops", { problems });
        process.exit(1);
      })
      .catch((error: unknown) => logEvent("warn", "payment settings not checked against the chain: its node did not answer, or is still syncing", { detail: String(error) }));
  }
  // Payments a crash left unfinished are finished from the chain, in the background (never blocking start-up).
  const { reconcileAtStartup } = await import("@/lib/payments/run-reconciler");
  void reconcileAtStartup()
    .then((summary) => summary && logEvent("info", "payments reconciled at start-up", { ...summary }))
    .catch((error: unknown) => logEvent("error", "payment reconciliation at start-up failed", { detail: String(error) }));
}
