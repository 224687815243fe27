/**
 * Delivery by zone on the owner's dashboard (issue 29, decision 150): for the period's orders,
 * per delivery zone, what customers paid for delivery against what the printer charged for it
 * (BookVault's DispatchCost, in pounds: only costs the printer answered, in GBP), so the owner sees
 * which zones' rates lose money. Read from the figures kept per day and zone (decision 158).
 */
import { sql } from 'drizzle-orm';
import type { DeliveryByZone } from '@shared/contracts/dashboard';
import { penceToPounds } from '@shared/money';
import type { Db } from '../../db/client';
import type { Bounds } from './repository';

/** The name shown for orders made before delivery zones (decision 148). */
export const BEFORE_ZONES = 'Before delivery zones';

/** Every order of the period (sales and replacements, any status), per zone; BookVault's delivery cost in GBP only. */
export async function deliveryByZone(db: Db, bounds: Bounds): Promise<DeliveryByZone[]> {
  const rows = (
    (await db.execute(
      sql`select coalesce(zone, ${BEFORE_ZONES}) as zone,
          sum(orders)::int as orders,
          sum(shipping_pence)::bigint as charged,
          sum(costed_orders)::int as costed,
          sum(costed_shipping_pence)::bigint as charged_costed,
          sum(dispatch_cost_pence)::bigint as printer
        from order_day_figures
        where day between ${bounds.from}::date and ${bounds.to}::date
        group by 1
        order by 3 desc, 1`,
    )) as unknown as { rows: Record<string, unknown>[] }
  ).rows;
  return rows.map(zoneRow);
}

/** A zone's row (zone, orders, charged, costed, charged_costed, printer in pence) as the answer shows it. */
export const zoneRow = (row: Record<string, unknown>): DeliveryByZone => ({
  zone: String(row.zone),
  orders: Number(row.orders),
  charged: penceToPounds(Number(row.charged)),
  orders_with_printer_cost: Number(row.costed),
  charged_on_those: penceToPounds(Number(row.charged_costed)),
  printer_charged: penceToPounds(Number(row.printer)),
});
