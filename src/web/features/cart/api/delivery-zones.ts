/**
 * GET /api/server/delivery_zones (decision 148): where the shop sends books and what delivery
 * costs there, read when the basket opens (never by the home page), as the shared pricing
 * function's zones (pence).
 */
import { useQuery } from '@tanstack/react-query';
import type { DeliveryZone } from '@shared/delivery-zones';
import { poundsToPence } from '@shared/money';
import { answer, api } from '../../../lib/api';

const zonesAnswer = answer('checkout', 'deliveryZonesAnswerSchema');
const lastAddressAnswer = answer('orders', 'lastDeliveryAddressSchema');

const pence = (pounds: number) => poundsToPence(pounds.toFixed(2)) ?? 0;

export function useDeliveryZones() {
  return useQuery({
    queryKey: ['delivery-zones'],
    queryFn: async (): Promise<DeliveryZone[]> =>
      (await api.get('/api/server/delivery_zones', zonesAnswer, { token: null })).zones.map((zone) => ({
        name: zone.name,
        countries: zone.countries,
        firstBookPence: pence(zone.first_book),
        eachFurtherBookPence: pence(zone.each_further_book),
        freeOverPence: zone.free_over === null ? null : pence(zone.free_over),
        estimate: zone.estimate,
      })),
    // A change the owner saves shows at the next visit to the basket; the checkout is priced by the server anyway.
    staleTime: 60_000,
  });
}

/** The country of the signed-in customer's last delivery address (null for a guest or a first order). */
export function useSavedCountry(userId: string | null) {
  return useQuery({
    queryKey: ['delivery-address-country', userId ?? ''],
    queryFn: async () =>
      (await api.get(`/api/server/delivery_address/${encodeURIComponent(userId!)}`, lastAddressAnswer)).address
        ?.country ?? null,
    enabled: userId !== null,
    retry: false,
  });
}
