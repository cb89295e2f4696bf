// GET /: the status page (lib/status/serve-status-page.ts), written as HTML rather than rendered by React
// (why: lib/status/render-status-page.ts).
import { serveStatusPage } from "@/lib/status/serve-status-page";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveStatusPage(request);
}
