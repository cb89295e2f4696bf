// `npm run pack:client`: the package TypeScript clients install: the contract, the typed client and the
// callback receiver helper (dist/contract), with a manifest of their own that depends on zod and
// @ts-rest/core only (the app's dependencies, Next and Prisma among them, stay out). Prints the tarball.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const app = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
};
const out = path.join(root, "dist", "package");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(path.join(root, "dist", "contract"), path.join(out, "contract"), { recursive: true });
const entry = (file: string) => ({ types: `./contract/${file}.d.ts`, import: `./contract/${file}.js` });
writeFileSync(
  path.join(out, "package.json"),
  `${JSON.stringify(
    {
      name: app.name,
      version: app.version,
      description: "Typed contract, client and callback verification for the court docket monitoring API",
      type: "module",
      engines: { node: ">=20.19" },
      exports: { "./contract": entry("index"), "./client": entry("client"), "./callbacks": entry("callbacks/verify-delivery") },
      dependencies: { zod: app.dependencies.zod, "@ts-rest/core": app.dependencies["@ts-rest/core"] },
    },
    null,
    2,
  )}\n`,
);
writeFileSync(path.join(out, "README.md"), "See the API's docs: /docs/quickstart (TypeScript section) and /docs/callbacks.\n");
const destination = process.argv[2] ?? path.join(root, "dist");
const tarball = execFileSync("npm", ["pack", out, "--pack-destination", destination, "--silent"], { encoding: "utf8" }).trim().split("\n").at(-1)!;
console.log(path.join(destination, tarball));
