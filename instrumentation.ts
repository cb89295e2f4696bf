// Runs once when the server starts: open the database (applying pending migrations) so the first
// user request does not pay PGlite's boot time.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase } = await import("./lib/db");
  try {
    await getDatabase();
  } catch (error) {
    console.error(JSON.stringify({ level: "error", message: "database start-up failed", detail: String(error) }));
  }
}
