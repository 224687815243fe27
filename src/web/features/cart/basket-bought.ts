/**
 * The basket after its checkout was paid (the thank-you view, routes/cart.tsx): emptied, its code
 * dropped and the checkout it left forgotten, once per checkout.
 */
import { useEffect, useRef } from 'react';
// Through the feature's entry, as every other importer: a direct import makes the bundler put the
// basket in a chunk of its own, 0.7 kB more on the home page (decision 094).
import { useBasket } from '.';
import { forgetLeftCheckout } from '../../lib/left-checkout';
import { useAppliedDiscount } from './applied-discount';

export function useBasketBought(token: string) {
  const { clear } = useBasket();
  const [, setApplied] = useAppliedDiscount();
  const cleared = useRef<string | null>(null);

  useEffect(() => {
    if (cleared.current === token) return;
    cleared.current = token;
    clear();
    setApplied(null);
    forgetLeftCheckout(token);
  }, [token, clear, setApplied]);
}
