/** The owner's delivery zones (decision 148): GET and PUT /api/admin/delivery_zones, the whole list in pounds. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryZoneJson } from '@shared/contracts/checkout';
import { answer, api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

const zonesAnswer = answer('checkout', 'deliveryZonesAnswerSchema');
const zonesKey = (adminId: string) => ['admin', adminId, 'delivery-zones'] as const;

export function useAdminDeliveryZones() {
  const { session } = useSession();
  return useQuery({
    queryKey: zonesKey(session?.id ?? ''),
    queryFn: ({ signal }) => api.get('/api/admin/delivery_zones', zonesAnswer, { signal }),
    enabled: Boolean(session),
  });
}

export function useSaveDeliveryZones() {
  const { session } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (zones: DeliveryZoneJson[]) =>
      api.post('/api/admin/delivery_zones', zonesAnswer, { zones }, { method: 'PUT' }),
    onSuccess: (saved) => {
      client.setQueryData(zonesKey(session?.id ?? ''), saved);
      // The basket reads the public list: the owner's own basket shows the change at once.
      void client.invalidateQueries({ queryKey: ['delivery-zones'] });
    },
  });
}
