/**
 * What the storefront's route loaders ask the server for while it renders a page (decision 114).
 * The server's web module implements it over the modules' services and passes it to React Router
 * as the load context (`context.shop` in a loader); the loaders never import server code.
 */
import type { CatalogueListing, ListingAge, ListingSort, Product } from './products';
import type { ProductReviews } from './reviews';
import type { RetentionPeriods } from '../privacy';

/** The home grid's filters and sort as the address gives them (already checked). */
export interface ListingRequest {
  type: string;
  age: ListingAge;
  /** Whole or decimal pounds as text; '' = no limit. */
  max_price: string;
  sort: ListingSort;
  limit: number;
  cursor?: string;
}

/** A book's page: the book and the books shown under it. */
export interface ProductPageData {
  product: Product;
  /** Similar Items: same age, then same type, then nearest price. */
  similar: Product[];
  /** Other Items: a pick of other books, the same on every visit to this book. */
  others: Product[];
}

/** A book's page as its loader has it: the book, the books under it and its reviews, all rendered by the server. */
export interface BookPage extends ProductPageData {
  /** null when they could not be read: the page still shows the book, and says so. */
  reviews: ProductReviews | null;
}

/** One page of search results. */
export interface SearchPage {
  products: Product[];
  /** True when asking for more would show more books. */
  more: boolean;
}

export interface StorefrontServer {
  /** The public configuration every page carries. */
  clientConfig: ClientConfig;
  /** The shop's public address (no trailing slash), for canonical and Open Graph addresses. */
  publicUrl: string;
  /** One page of the listing; a bad cursor throws (the loader answers 400). */
  listing(request: ListingRequest): Promise<CatalogueListing>;
  /** A book by name, else by id (the header search's reading), with its reviews; null when the shop has no such book. */
  productPage(nameOrId: string): Promise<BookPage | null>;
  /** The ranked search's first `limit` matches (header search rules); an empty query finds nothing. */
  search(query: string, limit: number): Promise<SearchPage>;
}

/** What React Router's load context holds while the server renders a page. */
export interface PageLoadContext {
  shop: StorefrontServer;
}

/**
 * The public configuration the server writes into every page (`<script id="app-config">`) and
 * the web app reads (src/web/lib/config.ts): nothing secret. The server builds it from its
 * environment (src/server/modules/web/client-config.ts).
 */
export interface ClientConfig {
  shopName: string;
  salesDashboardUrl: string;
  /** The payment provider new checkouts use ('stripe', 'demo', ...). */
  payments: string;
  social: {
    googleClientId: string | null;
    facebookAppId: string | null;
  };
  /** How long personal data is kept (decision 146): the privacy page and the profile's deletion say these. */
  retention: RetentionPeriods;
  /** The footer's links; null when the shop has not set one (it is hidden). */
  links: {
    facebook: FooterLink | null;
    instagram: FooterLink | null;
    tiktok: FooterLink | null;
    developer: FooterLink | null;
  };
}

/** A footer link: where it goes and the name it shows (a profile's display name or handle). */
export interface FooterLink {
  url: string;
  name: string;
}
