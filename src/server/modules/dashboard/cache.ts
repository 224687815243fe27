/**
 * The dashboard's answers, reused for DASHBOARD_CACHE_SECONDS per query (decision 120): the
 * figures of a year are aggregates over tens of thousands of orders, and owners (or one owner's
 * tabs) asking at once share one making of them. Requests that arrive while an answer is being
 * made wait for it; a failed making is forgotten at once. The answer's generated_at says how old it
 * is. Held by the routes of one app (no module state); at most MAX_ENTRIES queries are kept.
 */
const MAX_ENTRIES = 32;

/**
 * Promises kept per key, made at a moment: a kept one is reused while `usable(itsMoment)` says so,
 * else a new one is made and kept. A failed one is forgotten at once; at most MAX_ENTRIES keys are
 * kept, the oldest dropped first. What "usable" means is AnswerCache's and SharedReads' own.
 */
class KeptPromises<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  /** The kept promise when usable, else `make()` kept as made at `now`; `reused` says which. */
  get(key: string, usable: (at: number) => boolean, make: () => Promise<T>, now: number) {
    const hit = this.entries.get(key);
    if (hit && usable(hit.at)) return { value: hit.value, reused: true };
    const entry = { at: now, value: make() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    // Oldest first in a Map: drop the oldest beyond the bound.
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return { value: entry.value, reused: false };
  }

  clear(): void {
    this.entries.clear();
  }
}

export class AnswerCache<T> {
  private readonly kept = new KeptPromises<T>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, make: () => Promise<T>, now = Date.now()): Promise<T> {
    if (this.ttlMs <= 0) return make();
    return this.kept.get(key, (at) => now - at < this.ttlMs, make, now).value;
  }

  /** Forgets every answer (a change the owner made must show at once). */
  clear(): void {
    this.kept.clear();
  }
}

/**
 * Readings of what is the same for every period (what needs the owner, the codes by state), shared
 * by dashboards asked at the same time (decision 169). A request asked at `askedAt` reuses a
 * reading of the same key that began at or after that moment, so it sees everything done before it
 * was asked, as its own reading would; otherwise it begins its own. A failed reading is not kept,
 * and a request that shared one reads again for itself. On PGlite, where reports take turns on one
 * connection, twenty dashboards asked at once read these once instead of twenty times.
 */
export class SharedReads {
  private readonly kept = new KeptPromises<unknown>();

  read<T>(key: string, askedAt: number, make: () => Promise<T>, now = Date.now()): Promise<T> {
    const { value, reused } = this.kept.get(key, (began) => began >= askedAt, make, now);
    return reused ? (value as Promise<T>).catch(make) : (value as Promise<T>);
  }
}
