/**
 * Checkout, as the cart page's button and the basket panel's start it: the priced lines, the
 * shopper (a guest sends no id and no e-mail), the applied code when it lowers the price; on
 * success the browser goes to the payment page, on failure the spec's banner and a sentence
 * saying why (the server's own words for a refused basket).
 */
import { useState } from 'react';
import * as MSG from '@shared/messages';
import { ApiError } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { useSession } from '../../lib/session';
import { useCreateCheckout } from './api/create-checkout';
import type { AppliedDiscount } from './applied-discount';
import { priceLines, type PricedLine } from './priced-lines';

export function useStartCheckout() {
  const { session } = useSession();
  const banner = useBanner();
  const checkout = useCreateCheckout();
  const [error, setError] = useState<string | null>(null);
  const shopper = session && session.role !== 'admin' ? session : null;

  /** `country`: the basket's destination (decision 148); the server prices for its zone. */
  const start = (lines: readonly PricedLine[], applied: AppliedDiscount | null, country: string) => {
    setError(null);
    checkout.mutate(
      {
        items: lines.map((l) => ({ product_id: l.product.id, qty: l.qty, price: l.product.price })),
        userId: shopper?.id ?? null,
        email: shopper?.email ?? '',
        discountCode: applied && priceLines(lines, applied).discountPence > 0 ? applied.code : null,
        country,
      },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (failure) => {
          banner.show({ content: MSG.errorDuringCheckout, action: 'error' });
          setError(failure instanceof ApiError && failure.status === 400 ? failure.message : MSG.errorCheckingOut);
        },
      },
    );
  };

  return { start, isPending: checkout.isPending, error };
}
