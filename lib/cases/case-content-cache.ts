// What cached cases serve, kept in this instance's memory by content version (cases.content_version, one
// more on every write of it: lib/cases/store-case.ts). A query still asks the database, in its snapshot,
// which version the case is at (one small row); only while that is the version held here are the case's
// header, parties, cross-references and thousands of docket entries not read again. Contents held here
// are shared (lib/cases/shared-content.ts): never changed in place, their bodies prepared once.
//
// Bounded by the docket entries it holds (CASE_CACHE_MAX_ENTRIES), least recently used out first. One
// cache per database client: a process that switches databases (the tests) never mixes their cases.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";
import { shareCaseContent } from "./shared-content";
import type { CaseRecord } from "./types";

/** A cached case without what changes on every refresh or is read fresh anyway. */
export type CaseContent = Omit<CaseRecord, "last_refreshed_at" | "unanswered_since" | "source_state">;

interface Held {
  version: string;
  content: CaseContent;
}

export class CaseContentCache {
  /** By the case row's id (a new row is a new id, whatever its version). Map order: least recently used first. */
  private readonly held = new Map<string, Held>();
  private entries = 0;

  constructor(private readonly maxEntries: number) {}

  get(rowId: string, version: string): CaseContent | null {
    const hit = this.held.get(rowId);
    if (!hit || hit.version !== version) return null;
    this.held.delete(rowId);
    this.held.set(rowId, hit);
    return hit.content;
  }

  set(rowId: string, version: string, content: CaseContent): void {
    this.drop(rowId);
    // A docket larger than the whole cache would only push everything else out.
    if (content.entries.length > this.maxEntries) return;
    shareCaseContent(content);
    this.held.set(rowId, { version, content });
    this.entries += content.entries.length;
    for (const [id] of this.held) {
      if (this.entries <= this.maxEntries) break;
      this.drop(id);
    }
  }

  /** Cases and docket entries held (tests, logs). */
  get size(): { cases: number; entries: number } {
    return { cases: this.held.size, entries: this.entries };
  }

  private drop(rowId: string): void {
    const old = this.held.get(rowId);
    if (!old) return;
    this.held.delete(rowId);
    this.entries -= old.content.entries.length;
  }
}

const caches = new WeakMap<PrismaClient, CaseContentCache>();

/** This instance's cache for the cases of one database. */
export function contentCacheFor(prisma: PrismaClient): CaseContentCache {
  let cache = caches.get(prisma);
  if (!cache) {
    cache = new CaseContentCache(getEnv().CASE_CACHE_MAX_ENTRIES);
    caches.set(prisma, cache);
  }
  return cache;
}
