/** A book's page (/item/:name): the book, its reviews, Similar Items and Other Items, rendered by the server. */
import { redirect } from 'react-router';
import type { BookPage } from '@shared/contracts/web';
import { productPath } from '@shared/routes';
import { productHead } from '@shared/product-head';
import { ProductPage } from '../features/products/ProductPage';
import { ProductReviews } from '../features/reviews/ProductReviews';
import { siteOf, toMeta } from './meta';
import type { Route } from './+types/product';

export async function loader({ params, context }: Route.LoaderArgs): Promise<BookPage> {
  const key = params.name;
  const data = await context.shop.productPage(key);
  // An unknown book goes to the shop; a book asked for by its id (the header search's reading) to its own address.
  if (!data) throw redirect('/');
  if (data.product.name !== key) throw redirect(productPath(data.product.name));
  return data;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? toMeta(productHead(data.product, siteOf(matches), data.reviews)) : [];

/** The same for every visitor: the server keeps it until a product changes or a review is added; not when its reviews could not be read. */
export const handle = { pageCache: (data: unknown) => (data as BookPage | undefined)?.reviews != null };

export default function Product({ loaderData: data }: Route.ComponentProps) {
  return (
    <ProductPage
      data={data}
      renderReviews={() => <ProductReviews reviews={data.reviews} productId={data.product.id} />}
    />
  );
}
