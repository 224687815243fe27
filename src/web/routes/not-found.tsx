/** Every address the shop does not have: 'Page Not Found', with status 404 and kept out of search engines. */
import { data } from 'react-router';
import * as MSG from '@shared/messages';
import { NotFoundPage } from '../app/NotFoundPage';
import { siteOf } from './meta';
import type { Route } from './+types/not-found';

export function loader(): never {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${MSG.pageNotFound} | ${siteOf(matches).shopName}` },
  {
    name: 'description',
    content: 'This page is not in the shop. Browse the printed activity, puzzle, colouring and journal books instead.',
  },
  { name: 'robots', content: 'noindex' },
];

export default NotFoundPage;
export const ErrorBoundary = NotFoundPage;
