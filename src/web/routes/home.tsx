/** The home page: the first page of books for the address's filters, rendered by the server. */
import { HomePage } from '../features/products/HomePage';
import type { Route } from './+types/home';
import { homeHandle, homeLoader, homeMeta, homeShouldRevalidate } from './home-data';

export const loader = homeLoader;
export const shouldRevalidate = homeShouldRevalidate;
export const meta = homeMeta;
/** The same for every visitor: the server keeps it until a product changes. */
export const handle = homeHandle;

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage data={loaderData} />;
}
