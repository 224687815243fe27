/**
 * The basket panel's place in the layout (mounted once, by app/Layout.tsx): nothing until a book
 * is added, then the panel itself, whose code loads with the first add so that no page pays for
 * it before (decision 098). It closes when the page changes.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { closeBasketPanel, useAddedToBasket } from './basket-panel-store';

const BasketPanelDialog = lazy(() => import('./BasketPanelDialog'));

export function BasketPanel() {
  const added = useAddedToBasket();
  const { pathname } = useLocation();
  useEffect(() => closeBasketPanel(), [pathname]);
  if (!added) return null;
  return (
    <Suspense fallback={null}>
      <BasketPanelDialog added={added} />
    </Suspense>
  );
}
