// Every minute: payments a crash or a lost connection to the chain left reserved or settling are finished
// from the chain (lib/payments/reconcile-payments.ts): settled ones release their held callback deliveries
// (the sweep hands those over), unused and expired ones give their quota back.
import { cron } from "inngest";
import { runReconciler } from "@/lib/payments/run-reconciler";
import { inngest } from "../client";

export const reconcilePaymentsCron = inngest.createFunction({ id: "reconcile-payments", triggers: [cron("* * * * *")] }, async ({ step }) => {
  const summary = await step.run("reconcile unfinished payments", async () => runReconciler());
  return summary ?? { skipped: "payments are not configured" };
});
