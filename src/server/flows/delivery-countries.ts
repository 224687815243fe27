/**
 * Where an order's books may be sent after the sale (a corrected address, a replacement): the
 * countries of the delivery zone it was priced with, as the owner's zones stand now (decisions 143
 * and 148). A zone renamed or removed since: the zone its address is in now; failing both, only
 * the country it was to go to (or the home country). The order module asks through ctx.flows,
 * since the zones are the checkout's; its answers carry the list so the address forms offer only
 * these countries (decision 164).
 */
import { HOME_COUNTRY, zoneOf, type DeliveryZone } from '@shared/delivery-zones';
import type { DeliveryAddress } from '@shared/delivery-address';
import type { AppContext } from '../context';
import { currentZones } from '../modules/checkout';

type OrderPlace = { deliveryZone: string | null; deliveryAddress: DeliveryAddress | null };

function countriesOf(zones: readonly DeliveryZone[], order: OrderPlace): string[] {
  const country = order.deliveryAddress?.country ?? HOME_COUNTRY;
  const zone = zones.find((candidate) => candidate.name === order.deliveryZone) ?? zoneOf(zones, country);
  return zone ? [...zone.countries] : [country];
}

export async function orderDeliveryCountries(ctx: AppContext, order: OrderPlace): Promise<string[]> {
  return countriesOf(await currentZones(ctx.database.db), order);
}

/** The same for many orders (a customer's history), reading the zones once. */
export async function ordersDeliveryCountries(ctx: AppContext, orders: readonly OrderPlace[]): Promise<string[][]> {
  if (orders.length === 0) return [];
  const zones = await currentZones(ctx.database.db);
  return orders.map((order) => countriesOf(zones, order));
}
