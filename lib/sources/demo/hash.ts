// Deterministic numbers for the demo source: the same court, case and time slot give the same answer
// on every instance and every run, so cached and freshly fetched cases agree.

/** 32-bit FNV-1a of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A number in [0, 1) from a seed and any number of integer keys (a stateless mix, murmur3's finalizer). */
export function unit(seed: number, ...keys: number[]): number {
  let h = seed >>> 0;
  for (const key of keys) {
    h = Math.imul(h ^ (key >>> 0), 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h ^ Math.floor(key / 2 ** 32), 0xc2b2ae35) >>> 0;
    h ^= h >>> 16;
  }
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39) >>> 0;
  h ^= h >>> 15;
  return (h >>> 0) / 2 ** 32;
}

export function pick<T>(list: readonly T[], seed: number, ...keys: number[]): T {
  return list[Math.floor(unit(seed, ...keys) * list.length)]!;
}

export function between(low: number, high: number, seed: number, ...keys: number[]): number {
  return low + Math.floor(unit(seed, ...keys) * (high - low + 1));
}
