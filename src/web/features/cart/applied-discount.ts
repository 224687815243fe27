/**
 * The discount code applied in the cart, kept for the browser tab (session storage), so that a
 * reload or a Cancel on the payment page comes back with the code still applied.
 */
import { useCallback, useState } from 'react';
import type { DiscountTerms } from '@shared/pricing';

export interface AppliedDiscount extends DiscountTerms {
  code: string;
}

const KEY = 'appliedDiscount';

function read(): AppliedDiscount | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as AppliedDiscount | null;
    return value && typeof value.code === 'string' && typeof value.percentage === 'number' ? value : null;
  } catch {
    return null;
  }
}

export function useAppliedDiscount() {
  const [applied, setApplied] = useState<AppliedDiscount | null>(read);
  const set = useCallback((next: AppliedDiscount | null) => {
    try {
      if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
      else sessionStorage.removeItem(KEY);
    } catch {
      /* storage unavailable: keep it in memory */
    }
    setApplied(next);
  }, []);
  return [applied, set] as const;
}
