/** Change your password: the home page with its form over it. */
import { ChangePasswordForm } from '../features/accounts/ChangePasswordForm';
import { HomePage } from '../features/products/HomePage';
import type { Route } from './+types/change-password';
import { homeHandle, homeLoader, homeShouldRevalidate } from './home-data';
import { titledPage } from './meta';

export const loader = homeLoader;
export const shouldRevalidate = homeShouldRevalidate;
export const meta = titledPage('Change your password', { noindex: true });
export const handle = homeHandle;

export default function Page({ loaderData: data }: Route.ComponentProps) {
  return <HomePage data={data} overlay={<ChangePasswordForm />} />;
}
