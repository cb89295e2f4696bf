const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "no-referrer" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
];
const CORS_EXPOSED_HEADERS =
  "PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-PAYMENT-RESPONSE, X-Request-Id, Retry-After, ETag, Deprecation, Sunset, Link, Mcp-Session-Id";

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
  // Security headers on every answer, CORS on the API (lib/http/response-headers.ts holds the same values
  // for the answers given before Next runs; tests/unit/response-headers.test.ts keeps the two in step).
  async headers() {
    const cors = [
      { key: "Access-Control-Allow-Origin", value: "*" },
      { key: "Access-Control-Expose-Headers", value: CORS_EXPOSED_HEADERS },
    ];
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      { source: "/v2/:path*", headers: cors },
      { source: "/v1/:path*", headers: cors },
    ];
  },
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
