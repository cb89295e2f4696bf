/** @type {import('next').NextConfig} */
const nextConfig = {
  // Database drivers stay plain Node modules: PGlite loads its WASM from its package folder at run time,
  // and Prisma's query compiler does the same.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
  ],
  poweredByHeader: false,
  // Where the build goes: `.next`, unless NEXT_DIST_DIR names another folder (several builds of one work tree
  // side by side, e.g. a benchmark's build beside the test suite's). Both build and start read it.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
