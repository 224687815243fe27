/**
 * The product form's six image slots at every width (issue 18): each filled slot keeps its Replace
 * and remove controls inside it; on a phone all six can be reached (a list down the page, nothing
 * wider than the window); and a slot dragged with the mouse while the slots sit at the bottom of a
 * short window lands where it is let go, the page staying where it was (the drag library's window
 * auto-scroll used to carry it away: decision 091).
 */
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminToken, signInAsAdmin } from './support/admin';

const COLOURS = ['#b03030', '#2f8f4f', '#2f4fa0', '#a08020', '#7030a0', '#208080'];

/** A book of this file's own with six plain covers; answers its id and the covers' keys in order. */
async function bookWithSixImages(page: Page): Promise<{ id: string; keys: string[] }> {
  const covers = await Promise.all(
    COLOURS.map((background) =>
      sharp({ create: { width: 300, height: 400, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  const id = `SLOTS-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    id,
    name: `Six Covers ${id}`,
    type: 'Puzzle',
    description: 'A book with six images.',
    age: '',
    price: '5.00',
  })) {
    form.append(name, value);
  }
  covers.forEach((cover, n) =>
    form.append('images', new Blob([new Uint8Array(cover)], { type: 'image/png' }), `cover-${n}.png`),
  );
  const added = await page.request.post('/api/admin/products/add_product', {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
    multipart: form,
  });
  expect(added.status(), await added.text()).toBe(200);
  return { id, keys: covers.map((cover) => createHash('sha256').update(cover).digest('hex')) };
}

/** The slots' images in their order on screen, each by its cover's key. */
const slotKeys = (page: Page) =>
  page
    .getByTestId('image-slot')
    .evaluateAll((slots) =>
      slots.map((slot) => slot.querySelector('img')?.getAttribute('src')?.split('/')[2] ?? 'empty'),
    );

async function openForm(page: Page, id: string) {
  await page.goto(`/admin/edit_product/${encodeURIComponent(id)}`);
  await expect(page.getByRole('button', { name: 'remove image 6' })).toBeVisible();
}

/**
 * Scrolls the page so that the slots sit low in the window (`low`: their grips `grips` px above
 * its bottom edge, or the list's last slot at the edge), drags slot `from`'s grip onto slot `to`'s
 * grip with the mouse, holds it there for two seconds (as a person does before letting go; the
 * old auto-scroll moved the page meanwhile) and lets go. Answers the page's scroll position before
 * the drag and while it was held.
 */
async function dragLow(
  page: Page,
  from: number,
  to: number,
  low: { grips: number } | 'list',
): Promise<{ before: number; held: number }> {
  if (low === 'list') {
    await page
      .getByTestId('image-slot')
      .last()
      .evaluate((slot) => window.scrollBy(0, Math.round(slot.getBoundingClientRect().bottom - window.innerHeight + 4)));
  } else {
    await page
      .getByRole('button', { name: /^Move image slot 1\b/ })
      .evaluate(
        (grip, above) =>
          window.scrollBy(0, Math.round(grip.getBoundingClientRect().top - (window.innerHeight - above))),
        low.grips,
      );
  }
  const before = await page.evaluate(() => window.scrollY);
  const grip = async (n: number) =>
    (await page.getByRole('button', { name: new RegExp(`^Move image slot ${n}\\b`) }).boundingBox())!;
  const start = await grip(from);
  const end = await grip(to);
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 6, start.y + start.height / 2 + 6, { steps: 2 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 25 });
  await page.waitForTimeout(2000); // held still: the time in which the page used to scroll away
  const held = await page.evaluate(() => window.scrollY);
  await page.mouse.up();
  return { before, held };
}

test('each filled slot keeps Replace and remove inside it at every width, and on a phone all six slots can be reached', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const { id } = await bookWithSixImages(page);
  for (const width of [390, 600, 768, 900, 1024, 1280, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    await openForm(page, id);
    const outside = await page.getByTestId('image-slot').evaluateAll((slots) =>
      slots.flatMap((slot, n) => {
        const box = slot.getBoundingClientRect();
        return Array.from(slot.querySelectorAll('label, button'))
          .map((control) => ({ text: control.textContent!.trim(), rect: control.getBoundingClientRect() }))
          .filter(
            ({ rect }) =>
              rect.left < box.left || rect.right > box.right || rect.top < box.top || rect.bottom > box.bottom,
          )
          .map(({ text }) => `slot ${n + 1}: ${text}`);
      }),
    );
    expect(outside, `controls outside their slot at ${width} px`).toEqual([]);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, `the page is no wider than the window at ${width} px`).toBeLessThanOrEqual(width);
  }

  // A phone: every slot, scrolled to, lies wholly inside the window and its remove button can be clicked.
  await page.setViewportSize({ width: 390, height: 844 });
  await openForm(page, id);
  for (let n = 1; n <= 6; n += 1) {
    const slot = page.getByTestId('image-slot').nth(n - 1);
    await slot.scrollIntoViewIfNeeded();
    const box = (await slot.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(slot.getByRole('button', { name: `remove image ${n}` })).toBeInViewport();
  }
  const slots = await page
    .getByTestId('image-slot')
    .evaluateAll((all) => all.map((slot) => slot.getBoundingClientRect().height));
  const total = slots.reduce((sum, height) => sum + height, 0);
  expect(total, 'the six slots fit in a phone’s window together').toBeLessThan(700);
});

// The laptop's row with only its top in view (the slots' lower half below the window's edge); the
// phone's list with its last slot at the window's bottom, dragged onto that last slot.
for (const { name, viewport, from, to, low } of [
  { name: 'in the row on a laptop', viewport: { width: 1280, height: 600 }, from: 1, to: 3, low: { grips: 110 } },
  { name: 'in the list on a phone', viewport: { width: 390, height: 740 }, from: 1, to: 6, low: 'list' as const },
]) {
  test(`a slot dragged ${name} with the slots at the bottom of the window drops where it is let go`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    const { id, keys } = await bookWithSixImages(page);
    await page.setViewportSize(viewport);
    await openForm(page, id);
    expect(await slotKeys(page)).toEqual(keys);

    const { before, held } = await dragLow(page, from, to, low);
    // (a pixel of layout rounding aside: the old auto-scroll moved it hundreds)
    expect(
      Math.abs(held - before),
      `the page stays where it was while the slot is held (${before} → ${held})`,
    ).toBeLessThanOrEqual(2);
    const expected = [...keys];
    const [moved] = expected.splice(from - 1, 1);
    expected.splice(to - 1, 0, moved!);
    await expect.poll(() => slotKeys(page)).toEqual(expected);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(2);

    // And back, from low in the window again.
    await dragLow(page, to, from, low);
    await expect.poll(() => slotKeys(page)).toEqual(keys);
  });
}
