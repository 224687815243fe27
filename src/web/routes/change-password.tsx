/** Change your password: the home page with its form over it. */
import { useLoaderData } from 'react-router';
import { ChangePasswordForm } from '../features/accounts/ChangePasswordForm';
import { HomePage, type HomeData } from '../features/products/HomePage';
import { homeHandle, homeLoader, homeShouldRevalidate } from './home-data';
import { titledPage } from './meta';

export const loader = homeLoader;
export const shouldRevalidate = homeShouldRevalidate;
export const meta = titledPage('Change your password', { noindex: true });
export const handle = homeHandle;

export default function Page() {
  const data = useLoaderData<HomeData>();
  return <HomePage data={data} overlay={<ChangePasswordForm />} />;
}
