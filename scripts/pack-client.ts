// `npm run pack:client`: the package TypeScript clients install: the contract, the typed client and the
// callback receiver helper (dist/contract), with a manifest of their own that depends on zod and
// @ts-rest/core only (the app's dependencies, Next and Prisma among them, stay out). Prints the tarball.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
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
// The source maps point at contract/*.ts, which the package does not ship: they go, with the comments that
// name them, so no tool follows a map to a missing file.
for (const entry of readdirSync(path.join(out, "contract"), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const file = path.join(entry.parentPath, entry.name);
  if (entry.name.endsWith(".map")) rmSync(file);
  else if (/\.(js|d\.ts)$/.test(entry.name)) writeFileSync(file, readFileSync(file, "utf8").replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, "\n"));
}
// `default` besides `import`: a CommonJS project's require() of an ESM package (Node >= 20.19, the engines
// floor) resolves through it; with `import` alone such a project type-checked and failed at run time.
const entry = (file: string) => ({ types: `./contract/${file}.d.ts`, import: `./contract/${file}.js`, default: `./contract/${file}.js` });
writeFileSync(
  path.join(out, "package.json"),
  `${JSON.stringify(
    {
      name: app.name,
      version: app.version,
      description: "Typed contract, client and callback verification for the court docket monitoring API",
      type: "module",
      license: "MIT",
      engines: { node: ">=20.19" },
      // "./package.json" as in the app's manifest: with an exports map, nothing unlisted resolves, and tools
      // read an installed package's version through it.
      exports: {
        "./contract": entry("index"),
        "./client": entry("client"),
        "./callbacks": entry("callbacks/verify-delivery"),
        "./package.json": "./package.json",
      },
      dependencies: { zod: app.dependencies.zod, "@ts-rest/core": app.dependencies["@ts-rest/core"] },
    },
    null,
    2,
  )}\n`,
);
writeFileSync(
  path.join(out, "README.md"),
  "See the API's docs: /docs/quickstart (TypeScript section) and /docs/callbacks.\n\n" +
    "Type-checking: this package's own declarations check with skipLibCheck false; @ts-rest/core 3.53's declarations " +
    "are written against zod 3's types and report errors under zod 4, so consumers keep skipLibCheck: true (the README " +
    "of the API, \"TypeScript clients\", says why).\n",
);
writeFileSync(
  path.join(out, "LICENSE"),
  "MIT License\n\nCopyright (c) 2026 the court-docket-api authors\n\n" +
    "Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files " +
    '(the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, ' +
    "publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, " +
    "subject to the following conditions:\n\nThe above copyright notice and this permission notice shall be included in all copies or " +
    'substantial portions of the Software.\n\nTHE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING ' +
    "BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE " +
    "AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, " +
    "ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.\n",
);
const destination = process.argv[2] ?? path.join(root, "dist");
const tarball = execFileSync("npm", ["pack", out, "--pack-destination", destination, "--silent"], { encoding: "utf8" }).trim().split("\n").at(-1)!;
console.log(path.join(destination, tarball));
