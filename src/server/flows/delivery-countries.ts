/**
 * Where an order's books may be sent after the sale (a corrected address, a replacement): the
 * countries of the delivery zone it was priced with, as the owner's zones stand now (decisions 143
 * and 148). A zone renamed or removed since: the zone its address is in now; failing both, only
 * the country it was to go to (or the home country). The order module asks through ctx.flows,
 * since the zones are the checkout's.
 */
import { HOME_COUNTRY, zoneOf } from '@shared/delivery-zones';
import type { DeliveryAddress } from '@shared/delivery-address';
import type { AppContext } from '../context';
import { currentZones } from '../modules/checkout';

export async function orderDeliveryCountries(
  ctx: AppContext,
  order: { deliveryZone: string | null; deliveryAddress: DeliveryAddress | null },
): Promise<string[]> {
  const zones = await currentZones(ctx.database.db);
  const country = order.deliveryAddress?.country ?? HOME_COUNTRY;
  const zone = zones.find((candidate) => candidate.name === order.deliveryZone) ?? zoneOf(zones, country);
  return zone ? [...zone.countries] : [country];
}
