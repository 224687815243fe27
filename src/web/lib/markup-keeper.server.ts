/**
 * The server's store of kept HTML (decision 177, lib/kept-markup.ts): one per process or render
 * thread, as the web build's server bundle is loaded once in each.
 *
 * HTML asked for a second time and not kept is made after the render that asked, in a task of its own
 * (`setImmediate`), with React's renderToString: never while another render runs (React's server
 * renderer keeps its state per module), and the page that asked renders the content in place, as
 * it did before. Only content without data of its own (no Suspense) may be kept: renderToString
 * writes a fallback where a stream waits.
 *
 * At most `max` pieces are kept; the least recently used goes first. The key names all a piece
 * shows, so a product changed is a new key, and the old piece is forgotten in its turn.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { KeepMarkup } from './kept-markup';

export class MarkupKeeper {
  private readonly kept = new Map<string, string>();
  /** Keys asked for once and not kept (at most `max`, the oldest forgotten first). */
  private readonly seen = new Set<string>();
  private readonly making = new Set<string>();
  private hits = 0;
  private made = 0;

  constructor(private readonly max: number) {}

  readonly keep: KeepMarkup = (key, content) => {
    const html = this.kept.get(key);
    if (html !== undefined) {
      this.kept.delete(key);
      this.kept.set(key, html);
      this.hits += 1;
      return html;
    }
    if (!this.seen.delete(key)) {
      // Asked for the first time: remembered only. A piece shown once (a book in one odd search)
      // would cost its render twice, in place and again to keep it, for no page to use it.
      this.seen.add(key);
      if (this.seen.size > this.max) this.seen.delete(this.seen.keys().next().value!);
    } else if (!this.making.has(key)) {
      this.making.add(key);
      setImmediate(() => this.make(key, content));
    }
    return null;
  };

  private make(key: string, content: () => ReactNode): void {
    this.making.delete(key);
    let html: string;
    try {
      html = renderToString(content());
    } catch (error) {
      // The page rendered the content in place; it is rendered there again next time.
      console.error('Kept markup could not be made:', error);
      return;
    }
    this.kept.set(key, html);
    this.made += 1;
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
  }

  /** Pieces kept, and how often one was used and made (tests and the bench). */
  get stats(): { kept: number; hits: number; made: number } {
    return { kept: this.kept.size, hits: this.hits, made: this.made };
  }

  /** Forgets every piece, and what was asked for (tests). */
  clear(): void {
    this.kept.clear();
    this.seen.clear();
  }
}
