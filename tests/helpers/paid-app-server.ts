// A child-process server for the crash tests: the paid case route (the same handlers `next start` serves,
// behind the same define-endpoint wrapper and payment code) over node:http, configured by the environment,
// doing at start-up what instrumentation.ts does (open the database, reconcile unfinished payments). A test
// SIGKILLs it mid-settlement and starts it again on the same database. Run with `node --import tsx`.
// Prints "listening <port>" once it serves, and "reconciled <json>" when the start-up reconciliation ended.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { GET as getCase } from "@/app/v2/case/route";
import { getDatabase } from "@/lib/db";
import { reconcileAtStartup } from "@/lib/payments/run-reconciler";

const routes: Record<string, (request: Request) => Promise<Response>> = {
  "GET /v2/case": getCase,
};

async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const url = new URL(incoming.url ?? "/", `http://${incoming.headers.host ?? "127.0.0.1"}`);
  const route = routes[`${incoming.method} ${url.pathname}`];
  if (!route) {
    outgoing.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
  const request = new Request(url, { method: incoming.method, headers, body: incoming.method === "GET" ? undefined : Buffer.concat(chunks) });
  const response = await route(request);
  outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

await getDatabase();
const server = createServer((incoming, outgoing) => {
  handle(incoming, outgoing).catch((error: unknown) => {
    console.error(error);
    if (!outgoing.headersSent) outgoing.writeHead(500);
    outgoing.end();
  });
});
const port = Number(process.env.PORT ?? 0);
server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : port}`);
});
reconcileAtStartup()
  .then((summary) => console.log(`reconciled ${JSON.stringify(summary)}`))
  .catch((error: unknown) => console.log(`reconciled ${JSON.stringify({ error: String(error) })}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
