/**
 * The search parameters a page reads (decision 131), declared once per route: its loader reads
 * the page's view with `read`, and the server keeps and renders the page at the address
 * `write(read(params))` gives, so a page never depends on a parameter it does not read and junk
 * parameters (`&z=1`, `&z=2` …) all name one kept page. A route without one reads no parameter.
 */
export interface PageQuery<View> {
  /** The view for the address's parameters, read leniently (an unknown value is the default). */
  read(params: URLSearchParams): View;
  /** The query for a view: `''` or `?…`, in a fixed order, defaults left out. `read` of it gives the view back. */
  write(view: View): string;
}

/** The normalised query of an address for a page reading `query` (none: `''`). */
export function normalisedQuery(query: PageQuery<unknown> | undefined, params: URLSearchParams): string {
  return query ? query.write(query.read(params)) : '';
}

/** A route's `handle.query`, when it is one (the server sees route handles as unknown). */
export function pageQueryOf(handle: unknown): PageQuery<unknown> | undefined {
  const query = (handle as { query?: Partial<PageQuery<unknown>> } | null | undefined)?.query;
  return typeof query?.read === 'function' && typeof query.write === 'function'
    ? (query as PageQuery<unknown>)
    : undefined;
}
