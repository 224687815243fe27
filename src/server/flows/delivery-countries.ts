/**
 * Where an order's books may be sent after the sale (a corrected address, a replacement): the
 * countries of the delivery zone it was priced with, as the owner's zones stand now (decisions 143
 * and 148). A zone renamed or removed since: the zone its address is in now; failing both, only
 * the country it was to go to (or the home country). And always the order's own country if its
 * checkout was priced for it, though the owner has taken it out of the zone since (decision 172):
 * the delivery was paid for there. The order module asks through ctx.flows, since the zones and
 * checkouts are the checkout's; its answers carry the list so the address forms offer only these
 * countries (decision 164).
 */
import { HOME_COUNTRY, zoneOf, type DeliveryZone } from '@shared/delivery-zones';
import type { DeliveryAddress } from '@shared/delivery-address';
import type { AppContext } from '../context';
import { currentZones, pricedCountries } from '../modules/checkout';

type OrderPlace = {
  checkoutSessionId: string;
  deliveryZone: string | null;
  deliveryAddress: DeliveryAddress | null;
};

function countriesOf(zones: readonly DeliveryZone[], order: OrderPlace, priced: readonly string[]): string[] {
  const country = order.deliveryAddress?.country ?? HOME_COUNTRY;
  const zone = zones.find((candidate) => candidate.name === order.deliveryZone) ?? zoneOf(zones, country);
  const countries = zone ? [...zone.countries] : [country];
  return priced.includes(country) && !countries.includes(country) ? [...countries, country] : countries;
}

export async function orderDeliveryCountries(ctx: AppContext, order: OrderPlace): Promise<string[]> {
  return (await ordersDeliveryCountries(ctx, [order]))[0]!;
}

/** The same for many orders (a customer's history), reading the zones and checkouts once. */
export async function ordersDeliveryCountries(ctx: AppContext, orders: readonly OrderPlace[]): Promise<string[][]> {
  if (orders.length === 0) return [];
  const db = ctx.database.db;
  const [zones, priced] = await Promise.all([
    currentZones(db),
    pricedCountries(
      db,
      orders.map((order) => order.checkoutSessionId),
    ),
  ]);
  return orders.map((order) => countriesOf(zones, order, priced.get(order.checkoutSessionId) ?? []));
}
