import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { appSettings } from '../db/schema';
import { randomToken } from './tokens';

/**
 * JWT_SECRET when set; otherwise a secret made once and kept in the database (which lives in
 * DATA_DIR on the embedded default), so sessions survive restarts and every instance agrees.
 */
export async function resolveJwtSecret(config: Config, database: Database): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const { db } = database;
  await db
    .insert(appSettings)
    .values({ key: 'jwt_secret', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  return row!.value;
}
