/**
 * Basket: rendered in the browser, which holds what it shows. After a payment
 * (?order_success=true&token=…) the same address is the checkout's thank-you view, and the basket
 * it bought is emptied.
 */
import { useSearchParams } from 'react-router';
import { useBasketBought } from '../features/cart/basket-bought';
import { CartPage } from '../features/cart/CartPage';
import { ThankYou } from '../features/checkout/ThankYou';
import { titledPage } from './meta';

export { clientLoader, HydrateFallback } from './client-only';
export const meta = titledPage('Basket', { noindex: true });

function ThankYouPage({ token }: { token: string }) {
  useBasketBought(token);
  return <ThankYou token={token} />;
}

export default function Cart() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (params.get('order_success') === 'true' && token) return <ThankYouPage token={token} />;
  return <CartPage />;
}
