/** Choose your password after verifying in another browser (decision 130): the home page with its form over it. */
import { ChoosePasswordForm } from '../features/accounts/ChoosePasswordForm';
import { HomePage } from '../features/products/HomePage';
import type { Route } from './+types/choose-password';
import { homeLoader, homeShouldRevalidate } from './home-data';
import { titledPage } from './meta';

export const loader = homeLoader;
export const shouldRevalidate = homeShouldRevalidate;
export const meta = titledPage('Choose your password', { noindex: true });
export const handle = { pageCache: true };

export default function Page({ loaderData: data }: Route.ComponentProps) {
  return <HomePage data={data} overlay={<ChoosePasswordForm />} />;
}
