// The one Inngest client of the service (DESIGN.md "inngest/"). Durable background work (scheduled
// refreshes of cached cases, signed callback deliveries) is written as functions in inngest/functions/,
// one file each, that call lib/ and are served by app/api/inngest/route.ts. No function exists yet:
// this release serves sandbox data only and has no background work.
import { Inngest } from "inngest";

export const inngest = new Inngest({ id: "court-docket-api" });
