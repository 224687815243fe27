/**
 * "Show more …" under a list read a page at a time (a TanStack infinite query): nothing on the
 * last page, the loading words while the next page comes.
 */
import { Button } from './Button';
import styles from './ShowMore.module.css';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function ShowMore({ pages, label, loading }: { pages: PagedQuery; label: string; loading: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={styles.more}>
      <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? loading : label}
      </Button>
    </div>
  );
}
