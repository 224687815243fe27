/**
 * HTML the server writes once and uses again (decision 177). A fresh page's book cards were about
 * a fifth of its render, though a card is the same wherever it is shown: the server keeps a
 * card's inside as HTML by what it shows, and writes it into the next page that shows the book.
 * The browser renders and hydrates the very same elements, so it never asks for this.
 */
import { createContext, type ReactNode } from 'react';

/**
 * The HTML kept for `key`, or null: then the caller renders `content` itself. HTML asked for a
 * second time is made and kept for the pages after. `key` must name everything `content` shows.
 */
export type KeepMarkup = (key: string, content: () => ReactNode) => string | null;

/** Given to the server's renders by entry.server.tsx (markup-keeper.server.ts); null in the browser. */
export const KeptMarkup = createContext<KeepMarkup | null>(null);
