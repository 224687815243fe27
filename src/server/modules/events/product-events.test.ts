/**
 * productUpdate on its own instance: delivered before `publish` returns, so a change's own answer is
 * never followed by a page kept from before it, and not delivered a second time when the
 * notification comes back over LISTEN (PostgreSQL sends it there only later).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { PRODUCT_CHANNEL } from './product-events';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('delivers a change to this instance before publish returns, once, and another sender’s as it comes', async () => {
  const received: string[] = [];
  const unsubscribe = t.app.ctx.events.subscribe((payload) => received.push(payload));
  try {
    const change = JSON.stringify({ change: 'review', id: 'BV-1' });
    await t.app.ctx.events.publish(change);
    expect(received).toEqual([change]);
    // Another instance's notification, sent after ours: once it is here, ours has come back too.
    await t.deps.database.notify(PRODUCT_CHANNEL, 'from another instance');
    await expect.poll(() => received.at(-1)).toBe('from another instance');
    expect(received).toEqual([change, 'from another instance']);
  } finally {
    unsubscribe();
  }
});
