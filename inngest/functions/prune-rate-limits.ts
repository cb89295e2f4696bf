// Every 10 minutes: rate-limit rows no limit can count any more are deleted (lib/limits/prune-rate-limits.ts),
// so the tables stay the size of the last minute's callers and the last days' wallets.
import { cron } from "inngest";
import { getPrisma } from "@/lib/db";
import { pruneRateLimits } from "@/lib/limits/prune-rate-limits";
import { inngest } from "../client";

export const pruneRateLimitsCron = inngest.createFunction({ id: "prune-rate-limits", triggers: [cron("*/10 * * * *")] }, async ({ step }) =>
  step.run("delete rows no limit counts", async () => pruneRateLimits(await getPrisma(), new Date())),
);
