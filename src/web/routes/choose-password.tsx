/** Choose your password after verifying in another browser (decision 130): the home page with its form over it. */
import { useLoaderData } from 'react-router';
import { ChoosePasswordForm } from '../features/accounts/ChoosePasswordForm';
import { HomePage, type HomeData } from '../features/products/HomePage';
import { homeLoader, homeShouldRevalidate } from './home-data';
import { titledPage } from './meta';

export const loader = homeLoader;
export const shouldRevalidate = homeShouldRevalidate;
export const meta = titledPage('Choose your password', { noindex: true });
export const handle = { pageCache: true };

export default function Page() {
  const data = useLoaderData<HomeData>();
  return <HomePage data={data} overlay={<ChoosePasswordForm />} />;
}
