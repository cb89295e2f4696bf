// Global setup of the "http" project: build the app once and serve it with `next start` (tests/helpers/
// start-next.ts) for every HTTP test file.
import type { TestProject } from "vitest/node";
import { startNext, type RunningServer } from "./start-next";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await startNext({ build: process.env.TEST_SKIP_BUILD !== "1" });
  project.provide("baseUrl", server.baseUrl);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
