/**
 * Demo data: the catalogue seeded into an empty database on first start, and the admin account.
 * (The foundation issue fills the catalogue and covers.)
 */
import type { AppContext } from '../../context';

export async function seedOnFirstStart(_ctx: AppContext): Promise<void> {}
