/**
 * Admin: the catalogue's Delete on a card. Its code (delete-product-now.ts) loads when an admin first
 * presses it: the home page's script is every shopper's first download, held to 130 kB (issue 34),
 * and shoppers never delete.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Product } from '@shared/contracts/products';
import { useBanner } from '../../../lib/banner';

export function useConfirmAndDeleteLater() {
  const queryClient = useQueryClient();
  const { show } = useBanner();
  return useCallback(
    (product: Pick<Product, 'id'>) => {
      void import('./delete-product-now').then(({ confirmAndDeleteNow }) =>
        confirmAndDeleteNow(product, queryClient, show),
      );
    },
    [queryClient, show],
  );
}
