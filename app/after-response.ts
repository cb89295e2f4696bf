// Work that runs after the answer is sent (handing callback deliveries over to Inngest). On Vercel a
// function may be frozen as soon as its response is sent; Next's after() keeps it running until that work
// ends. A route handler called outside Next (the in-process tests call them directly) has no request
// scope for after(): the work then simply runs on, unawaited.
import { after } from "next/server";

export function afterResponse(task: () => Promise<void>): void {
  try {
    after(task);
  } catch {
    void task();
  }
}
