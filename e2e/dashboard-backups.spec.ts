/**
 * Backups on the owner's dashboard (issue 31, decision 134): the owner presses "Back up now", the
 * shop makes and verifies a backup, the Backups panel lists it as verified with its counts, and
 * "Needs you now" shows the last good backup instead of a warning. Screenshots at 390 and 1280 px.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/admin';
import { expectAccessible, uniqueEmail } from './support/fixtures';
import { placePaidOrder } from './support/orders';

test('the owner backs up now, sees it verified, and the last good backup in Needs you now', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  // An order of today, so the dashboard's tables (delivery by zone) are there when the page is checked at 390 px.
  const [book] = (await (await request.get('/api/server/get_products')).json()) as { id: string }[];
  await placePaidOrder(request, { email: uniqueEmail('backup-order'), lines: [{ productId: book!.id, qty: 1 }] });
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.locator('html[data-hydrated="true"]').waitFor();

  const panel = page.getByRole('region', { name: 'Backups' });
  const attention = page.getByTestId('backup-attention');
  await expect(attention).toBeVisible({ timeout: 30_000 });
  const before = await panel
    .getByRole('list', { name: 'Backups kept' })
    .getByRole('listitem')
    .count()
    .catch(() => 0);

  await panel.getByRole('button', { name: 'Back up now' }).click();
  await expect(panel.getByRole('button', { name: 'Backing up…' })).toBeDisabled();
  await expect(panel.getByRole('status')).toContainText(
    /Backup made and verified: shop-backup-[\w-]+\.tar \([\d.]+ MB, \d+ orders\)/,
    { timeout: 90_000 },
  );

  const kept = panel.getByRole('list', { name: 'Backups kept' }).getByRole('listitem');
  await expect(kept).toHaveCount(before + 1);
  await expect(kept.first()).toContainText('Verified');
  await expect(kept.first()).toContainText(/\d+ orders, \d+ books, \d+ images/);
  await expect(attention).toContainText(/Last good backup: \d+ \w+ \d{4}, \d\d:\d\d\./);
  await expect(attention).not.toContainText('failed');
  await expect(panel.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  await expectAccessible(page);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    // Nothing wider than the screen: the file names wrap.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const shots = process.env.SCREENSHOTS_DIR ?? test.info().outputPath('screenshots');
    await panel.screenshot({ path: path.join(shots, `dashboard-backups-${width}.png`) });
    await attention.screenshot({ path: path.join(shots, `dashboard-backup-attention-${width}.png`) });
  }
});
