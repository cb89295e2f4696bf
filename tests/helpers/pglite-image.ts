// Setup file of the in-process and payments projects (vitest.config.ts): every fresh in-memory PGlite
// (`PGlite.create("memory://")`, what openDatabase and the test databases open) starts from a saved image of an
// empty, just-initialized cluster instead of running initdb again. initdb is most of a PGlite start: 3 s on an
// idle machine, 8 s on average while two test files run (33 starts in the in-process files), against under a
// second to load the image. The image is what `PGlite.create("memory://")` itself makes, made once per PGlite
// version and kept in the OS temp folder; nothing else changes: openDatabase still applies the migrations, so a
// database opened without them is as empty as before. Other data directories (files on disk) are left alone.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { vi } from "vitest";

vi.mock("@electric-sql/pglite", async (importOriginal) => {
  const original = await importOriginal<typeof import("@electric-sql/pglite")>();
  const Base = original.PGlite;
  let image: Promise<Blob> | undefined;

  /** Where the image of this PGlite version is kept (its package.json is not exported: read from its folder). */
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const packageJson = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), "package.json");
  const version = (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
  const file = path.join(tmpdir(), `court-docket-pglite-${version}-empty.tar`);

  /** A whole uncompressed tar: 512-byte blocks, the first a header with its "ustar" mark (PGlite would try to
   * gunzip anything else and fail outside our reach, as an unhandled rejection). */
  const isTar = (bytes: Buffer) => bytes.length >= 1024 && bytes.length % 512 === 0 && bytes.subarray(257, 262).toString("latin1") === "ustar";

  /** The image: read from the temp folder, or made and saved there (renamed into place: never read half-written). */
  async function emptyClusterImage(): Promise<Blob> {
    if (existsSync(file)) {
      const saved = readFileSync(file);
      if (isTar(saved)) return new Blob([saved]);
    }
    const fresh = await Base.create("memory://");
    const dump = await fresh.dumpDataDir("none");
    await fresh.close();
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${file}.${process.pid}-${threadId}-${randomBytes(4).toString("hex")}.partial`;
    try {
      writeFileSync(partial, bytes);
      renameSync(partial, file);
    } catch {
      // Not saved (a full disk, say): this file still uses the image it made; a later one tries again.
      rmSync(partial, { force: true });
    }
    return new Blob([bytes]);
  }

  const create = (async (dataDir?: unknown, options?: unknown) => {
    if (dataDir === "memory://" && options === undefined) {
      image ??= emptyClusterImage();
      try {
        return await Base.create("memory://", { loadDataDir: await image });
      } catch (error) {
        // An image that does not load (another build of this version made it, say): initdb, and a new image next time.
        rmSync(file, { force: true });
        image = undefined;
        console.warn(`PGlite image not loaded (${String(error)}): initdb instead`);
        return Base.create("memory://");
      }
    }
    return (Base.create as (...args: unknown[]) => Promise<unknown>)(dataDir, options);
  }) as typeof Base.create;
  // The class itself (construction, instanceof, its types) is PGlite's: only `create` goes through the image.
  const PGlite = new Proxy(Base, { get: (target, property, receiver) => (property === "create" ? create : Reflect.get(target, property, receiver)) });
  return { ...original, PGlite };
});
