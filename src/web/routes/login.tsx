/** Sign in: the home page with its form over it. */
import { useLoaderData } from 'react-router';
import { GuestOnly } from '../app/guards';
import { LoginForm } from '../features/accounts/LoginForm';
import { HomePage, type HomeData } from '../features/products/HomePage';
import { homeHandle, homeLoader, homeShouldRevalidate } from './home-data';
import { titledPage } from './meta';

export const loader = homeLoader;
export const shouldRevalidate = homeShouldRevalidate;
export const meta = titledPage('Sign in', { noindex: true });
export const handle = homeHandle;

export default function Page() {
  const data = useLoaderData<HomeData>();
  return (
    <GuestOnly>
      <HomePage data={data} overlay={<LoginForm />} />
    </GuestOnly>
  );
}
