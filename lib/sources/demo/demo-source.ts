// The demo source: used when no real court system is connected (local development, `npm run dev`).
// It answers like a court system would, with generated cases (lib/sources/demo/generate-case.ts).
import type { SourceAdapter } from "../types";
import { generateDemoCase, type DemoOptions } from "./generate-case";

export function createDemoSource(options: DemoOptions): SourceAdapter {
  return {
    name: "demo",
    async fetchCase({ court, caseId, now }) {
      return generateDemoCase(court, caseId, now, options);
    },
  };
}
