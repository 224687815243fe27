/** Sign in: the home page with its form over it. */
import { GuestOnly } from '../app/guards';
import { LoginForm } from '../features/accounts/LoginForm';
import { HomePage } from '../features/products/HomePage';
import type { Route } from './+types/login';
import { homeHandle, homeLoader, homeShouldRevalidate } from './home-data';
import { titledPage } from './meta';

export const loader = homeLoader;
export const shouldRevalidate = homeShouldRevalidate;
export const meta = titledPage('Sign in', { noindex: true });
export const handle = homeHandle;

export default function Page({ loaderData: data }: Route.ComponentProps) {
  return (
    <GuestOnly>
      <HomePage data={data} overlay={<LoginForm />} />
    </GuestOnly>
  );
}
