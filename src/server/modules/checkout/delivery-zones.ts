/**
 * The owner's delivery zones (issue 29, decision 148): read from the database for every checkout
 * and every basket that asks (no copy kept in memory), so a change saved on one instance applies to
 * the next checkout on every instance at once; a paid order keeps the zone and price it was priced
 * with. Nothing saved yet: the spec's default (one zone, the UK, £3.83 a basket).
 */
import { asc, sql } from 'drizzle-orm';
import type { DeliveryZonesAnswer, DeliveryZonesBody } from '@shared/contracts/checkout';
import { DEFAULT_DELIVERY_ZONES, zoneInPounds, zoneListProblems, type DeliveryZone } from '@shared/delivery-zones';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { deliveryZones } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/** The zones in the owner's order, or the default when none were saved. */
export async function currentZones(db: Db): Promise<DeliveryZone[]> {
  const rows = await db.select().from(deliveryZones).orderBy(asc(deliveryZones.position));
  if (rows.length === 0) return DEFAULT_DELIVERY_ZONES.map((zone) => ({ ...zone, countries: [...zone.countries] }));
  return rows.map((row) => ({
    name: row.name,
    countries: row.countries,
    firstBookPence: row.firstBookPence,
    eachFurtherBookPence: row.eachFurtherBookPence,
    freeOverPence: row.freeOverPence,
    estimate: row.estimate,
  }));
}

/** GET /api/server/delivery_zones and GET /api/admin/delivery_zones. */
export async function listZones(ctx: AppContext): Promise<DeliveryZonesAnswer> {
  return { zones: (await currentZones(ctx.database.db)).map(zoneInPounds) };
}

/** Pounds to pence, or NaN when the amount has more than two decimals (named by zoneListProblems as not pounds and pence). */
function pence(pounds: number): number {
  const value = Math.round(pounds * 100);
  return Math.abs(value - pounds * 100) < 1e-6 ? value : Number.NaN;
}

/**
 * PUT /api/admin/delivery_zones: the whole list replaces the old one in one transaction, or a 400
 * naming every problem and nothing written.
 */
export async function saveZones(ctx: AppContext, body: DeliveryZonesBody): Promise<DeliveryZonesAnswer> {
  const zones: DeliveryZone[] = body.zones.map((zone) => ({
    name: zone.name.trim().replace(/\s+/g, ' '),
    countries: zone.countries,
    firstBookPence: pence(zone.first_book),
    eachFurtherBookPence: pence(zone.each_further_book),
    freeOverPence: zone.free_over === null ? null : pence(zone.free_over),
    estimate: zone.estimate?.trim() ? zone.estimate.trim().replace(/\s+/g, ' ') : null,
  }));
  const problems = zoneListProblems(zones);
  if (problems.length > 0) throw badRequest(problems.join(' '));
  await ctx.database.db.transaction(async (tx) => {
    // Two owners saving at once: one waits for the other, then replaces its list (the last save wins whole).
    await tx.execute(sql`lock table delivery_zones in share row exclusive mode`);
    await tx.delete(deliveryZones);
    await tx.insert(deliveryZones).values(zones.map((zone, position) => ({ position, ...zone })));
  });
  ctx.log.info({ zones: zones.map((zone) => zone.name) }, 'delivery zones saved');
  return { zones: zones.map(zoneInPounds) };
}
