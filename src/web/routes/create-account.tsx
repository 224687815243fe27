/** Create an account: the home page with its form over it. */
import { GuestOnly } from '../app/guards';
import { CreateAccountForm } from '../features/accounts/CreateAccountForm';
import { HomePage } from '../features/products/HomePage';
import type { Route } from './+types/create-account';
import { homeHandle, homeLoader, homeShouldRevalidate } from './home-data';
import { titledPage } from './meta';

export const loader = homeLoader;
export const shouldRevalidate = homeShouldRevalidate;
export const meta = titledPage('Create an account', { noindex: true });
export const handle = homeHandle;

export default function Page({ loaderData: data }: Route.ComponentProps) {
  return (
    <GuestOnly>
      <HomePage data={data} overlay={<CreateAccountForm />} />
    </GuestOnly>
  );
}
