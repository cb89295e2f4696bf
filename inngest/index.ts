// Every Inngest function the service registers (served by app/api/inngest/route.ts).
import { refreshCourt } from "./functions/refresh-court";
import { schedulePriorityRefreshes, scheduleStandardRefreshes } from "./functions/schedule-court-refreshes";

export const functions = [schedulePriorityRefreshes, scheduleStandardRefreshes, refreshCourt];
