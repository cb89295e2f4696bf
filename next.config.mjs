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
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
