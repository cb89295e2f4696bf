// A bare Next.js app: the overhead benchmark's baseline (tests/bench/overhead.ts). Default settings.
export default {};
