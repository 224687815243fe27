/**
 * The dashboard's answers, reused for DASHBOARD_CACHE_SECONDS per query (decision 120): the
 * figures of a year are aggregates over tens of thousands of orders, and owners (or one owner's
 * tabs) asking at once share one making of them. Requests that arrive while an answer is being
 * made wait for it; a failed making is forgotten at once. The answer's generated_at says how old it
 * is. Held by the routes of one app (no module state); at most MAX_ENTRIES queries are kept.
 */
const MAX_ENTRIES = 32;

export class AnswerCache<T> {
  private readonly entries = new Map<string, { at: number; answer: Promise<T> }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, make: () => Promise<T>, now = Date.now()): Promise<T> {
    if (this.ttlMs <= 0) return make();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.answer;
    const answer = make();
    const entry = { at: now, answer };
    this.entries.delete(key);
    this.entries.set(key, entry);
    answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    // Oldest first in a Map: drop the oldest beyond the bound.
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return answer;
  }

  /** Forgets every answer (a change the owner made must show at once). */
  clear(): void {
    this.entries.clear();
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
  private readonly latest = new Map<string, { began: number; value: Promise<unknown> }>();

  read<T>(key: string, askedAt: number, make: () => Promise<T>, now = Date.now): Promise<T> {
    const hit = this.latest.get(key);
    if (hit && hit.began >= askedAt) return (hit.value as Promise<T>).catch(() => make());
    const entry = { began: now(), value: make() };
    this.latest.delete(key);
    this.latest.set(key, entry);
    entry.value.catch(() => {
      if (this.latest.get(key) === entry) this.latest.delete(key);
    });
    while (this.latest.size > MAX_ENTRIES) this.latest.delete(this.latest.keys().next().value!);
    return entry.value as Promise<T>;
  }
}
