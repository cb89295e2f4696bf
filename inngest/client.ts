// The one Inngest client of the service (DESIGN.md "inngest/"). Functions live in inngest/functions/,
// one file each, call lib/, and are served by app/api/inngest/route.ts. Keys come from lib/env.ts.
import { Inngest } from "inngest";
import { getEnv } from "@/lib/env";

const env = getEnv();

export const inngest = new Inngest({
  id: "court-docket-api",
  eventKey: env.INNGEST_EVENT_KEY,
  signingKey: env.INNGEST_SIGNING_KEY,
  isDev: env.INNGEST_DEV,
});
