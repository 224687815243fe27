/**
 * Delivery by zone on the owner's dashboard (issue 29, decision 150): for the period's orders,
 * per delivery zone, what customers paid for delivery against what the printer charged for it
 * (BookVault's DispatchCost, in pounds: only costs the printer answered, in GBP), so the owner sees
 * which zones' rates lose money. One GROUP BY in the database.
 */
import { sql } from 'drizzle-orm';
import type { DeliveryByZone } from '@shared/contracts/dashboard';
import { penceToPounds } from '@shared/money';
import type { Db } from '../../db/client';
import type { Bounds } from './repository';

/** The name shown for orders made before delivery zones (decision 148). */
export const BEFORE_ZONES = 'Before delivery zones';

export async function deliveryByZone(db: Db, { start, end }: Bounds): Promise<DeliveryByZone[]> {
  const result = (await db.execute(
    sql`select coalesce(o.delivery_zone, ${BEFORE_ZONES}) as zone,
          count(*)::int as orders,
          coalesce(sum(o.shipping_pence), 0)::bigint as charged,
          count(j.dispatch_cost_pence)::int as costed,
          coalesce(sum(o.shipping_pence) filter (where j.dispatch_cost_pence is not null), 0)::bigint as charged_costed,
          coalesce(sum(j.dispatch_cost_pence), 0)::bigint as printer
        from orders o
        left join print_jobs j on j.order_id = o.id
          and j.dispatch_cost_pence is not null and upper(coalesce(j.cost_currency, 'GBP')) = 'GBP'
        where o.created_at >= ${start.toISOString()}::timestamptz and o.created_at < ${end.toISOString()}::timestamptz
        group by 1
        order by 3 desc, 1`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    zone: String(row.zone),
    orders: Number(row.orders),
    charged: penceToPounds(Number(row.charged)),
    orders_with_printer_cost: Number(row.costed),
    charged_on_those: penceToPounds(Number(row.charged_costed)),
    printer_charged: penceToPounds(Number(row.printer)),
  }));
}
