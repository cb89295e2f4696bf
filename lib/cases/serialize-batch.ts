// A batch answer as a stream of its JSON, one result at a time with a yield between results: the same bytes
// JSON.stringify would make, without holding the event loop for the whole 10 MB at once (docs/limits.md).
import type { BatchResponse } from "@/contract";
import { yieldToOtherRequests } from "./batch-shares";

export function serializeBatch(response: BatchResponse): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = -1; // -1: the opening and meta; then the index of the next result
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next === -1) {
        // Key order as in the object (meta, then results), so the bytes equal JSON.stringify(response).
        controller.enqueue(encoder.encode(`{"meta":${JSON.stringify(response.meta)},"results":[`));
        next = 0;
        if (response.results.length === 0) {
          controller.enqueue(encoder.encode("]}"));
          controller.close();
        }
        return;
      }
      controller.enqueue(encoder.encode(`${next > 0 ? "," : ""}${JSON.stringify(response.results[next])}`));
      next += 1;
      if (next === response.results.length) {
        controller.enqueue(encoder.encode("]}"));
        controller.close();
        return;
      }
      await yieldToOtherRequests();
    },
  });
}
