/**
 * Manual (PRINT_PARTNER=manual): the shop sends nothing. The owner places each print order with
 * the printer by hand and types its references into the order, as before the print partner
 * adapter. Every call answers at once without a network call.
 */
import type { PrintPartner } from './partner';

export const MANUAL_PARTNER = 'manual';

export function manualPrintPartner(): PrintPartner {
  return {
    name: MANUAL_PARTNER,
    async submit() {
      return { outcome: 'manual' };
    },
    // Nothing to ask: the owner moves the order on by hand.
    async status() {
      return { state: 'unknown', partnerStatus: 'manual', cost: null, docRef: null };
    },
    async cancel() {
      return { outcome: 'manual' };
    },
  };
}
