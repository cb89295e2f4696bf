import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/index";

export const dynamic = "force-dynamic";

// Inngest calls this route to run the functions' steps; it needs INNGEST_SIGNING_KEY (or INNGEST_DEV=1).
export const { GET, POST, PUT } = serve({ client: inngest, functions });
