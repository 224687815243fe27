/**
 * GET /api/server/delivery_zones (decision 148): where the shop sends books and what delivery
 * costs there, read when the basket opens (never by the home page), as the shared pricing
 * function's zones (pence).
 */
import { useQuery } from '@tanstack/react-query';
import { zoneFromPounds, type DeliveryZone } from '@shared/delivery-zones';
import { answer, api } from '../../../lib/api';

const zonesAnswer = answer('checkout', 'deliveryZonesAnswerSchema');
const lastAddressAnswer = answer('orders', 'lastDeliveryAddressSchema');

export function useDeliveryZones() {
  return useQuery({
    queryKey: ['delivery-zones'],
    queryFn: async (): Promise<DeliveryZone[]> =>
      (await api.get('/api/server/delivery_zones', zonesAnswer, { token: null })).zones.map(zoneFromPounds),
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
