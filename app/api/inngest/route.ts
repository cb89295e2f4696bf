import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/index";
import { getEnv } from "@/lib/env";
import { endpointNotFound } from "@/lib/http/endpoint-not-found";

export const dynamic = "force-dynamic";

// Inngest calls this route to run the functions' steps; it needs INNGEST_SIGNING_KEY (or INNGEST_DEV=1 outside
// production). Without either nothing can call it (the SDK itself would answer a plain 500 and log a warning
// on every request): it answers 404 endpoint_not_found in the envelope instead. In production INNGEST_DEV
// (which turns the signature check off, signing key or not) closes the route: anyone could otherwise run
// refreshes that spend PACER fees, deliveries and reconciliation (the start-up log says so).
const env = getEnv();
const served = env.NODE_ENV === "production" ? env.INNGEST_SIGNING_KEY !== undefined && env.INNGEST_DEV !== true : env.INNGEST_SIGNING_KEY !== undefined || env.INNGEST_DEV === true;
const absent = endpointNotFound("v2");

export const { GET, POST, PUT } = served ? serve({ client: inngest, functions }) : { GET: absent.GET, POST: absent.POST, PUT: absent.PUT };
