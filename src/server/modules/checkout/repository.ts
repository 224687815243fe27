/** Checkout SQL: the priced checkouts and the payment events already handled. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkoutSessions, processedPaymentEvents } from '../../db/schema';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export async function insertCheckoutSession(db: Db, row: typeof checkoutSessions.$inferInsert): Promise<void> {
  await db.insert(checkoutSessions).values(row);
}

export async function findCheckoutSession(db: Db, id: string): Promise<CheckoutSessionRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row ?? null;
}

/** The countries each checkout was priced for (its zone's, when it was opened), by checkout id. */
export async function pricedCountries(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: checkoutSessions.id, countries: checkoutSessions.deliveryCountries })
    .from(checkoutSessions)
    .where(inArray(checkoutSessions.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.countries]));
}

/** The checkout row, locked until the transaction ends: completions of one session run one at a time. */
export async function lockCheckoutSession(db: Db, id: string): Promise<CheckoutSessionRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function setCheckoutStatus(
  db: Db,
  id: string,
  status: CheckoutSessionRow['status'],
  onlyFrom?: CheckoutSessionRow['status'],
) {
  await db
    .update(checkoutSessions)
    .set({ status })
    .where(
      onlyFrom ? and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, onlyFrom)) : eq(checkoutSessions.id, id),
    );
}

/** Records a provider event; false when it was already recorded (a replay). */
export async function recordPaymentEvent(db: Db, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(processedPaymentEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: processedPaymentEvents.eventId });
  return rows.length > 0;
}
