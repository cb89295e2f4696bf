// Runs once when the server starts: lib/start-server.ts, in the Node.js runtime only.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("./lib/start-server");
    await startServer();
  }
}
