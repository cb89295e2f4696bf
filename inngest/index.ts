// Every Inngest function the service registers (served by app/api/inngest/route.ts).
import { deliverCallback } from "./functions/deliver-callback";
import { pollPacerFeeds } from "./functions/poll-pacer-feeds";
import { pruneRateLimitsCron } from "./functions/prune-rate-limits";
import { reconcilePaymentsCron } from "./functions/reconcile-payments";
import { refreshCourt } from "./functions/refresh-court";
import { schedulePriorityRefreshes, scheduleStandardRefreshes } from "./functions/schedule-court-refreshes";
import { sweepDeliveries } from "./functions/sweep-deliveries";

export const functions = [schedulePriorityRefreshes, scheduleStandardRefreshes, refreshCourt, deliverCallback, sweepDeliveries, reconcilePaymentsCron, pollPacerFeeds, pruneRateLimitsCron];
