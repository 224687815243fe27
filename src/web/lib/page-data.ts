/**
 * The query data a server-rendered page was rendered with (decision 090), written into the page
 * as JSON so the browser starts from the same data and hydration matches.
 */
import type { DehydratedState } from '@tanstack/react-query';

const PAGE_DATA_ID = 'app-data';

export function readPageData(): DehydratedState | null {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent?.trim();
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}
