/**
 * Where renderMail renders (decision 175): on this thread, or with the renderer the shop set
 * (its render threads), sent only the configuration a template reads; a mail that renderer fails
 * is rendered here.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { renderMail, renderMailHere, renderMailsOn, type RenderedMail } from './render';

const config = testConfig({ PUBLIC_URL: 'https://shop.example.com', JWT_SECRET: 's'.repeat(40) });
const data = { link: '/api/verify_email?token=abc' };

afterEach(() => renderMailsOn(null));

describe('renderMail', () => {
  it('renders on this thread when no renderer is set', async () => {
    const mail = await renderMail('verifyEmail', data, config);
    expect(mail.html).toContain('https://shop.example.com/api/verify_email?token=abc');
    expect(mail).toEqual(await renderMailHere('verifyEmail', data, config));
  });

  it('goes to the renderer set, with only the configuration a template reads', async () => {
    const asked: unknown[][] = [];
    const answer: RenderedMail = { subject: 'from the thread', html: '<p>x</p>', text: 'x', listUnsubscribe: null };
    renderMailsOn(async (...args) => {
      asked.push(args);
      return answer;
    });
    expect(await renderMail('verifyEmail', data, config)).toBe(answer);
    expect(asked).toEqual([
      [
        'verifyEmail',
        data,
        {
          PUBLIC_URL: config.PUBLIC_URL,
          SHOP_NAME: config.SHOP_NAME,
          SHOP_POSTAL_ADDRESS: config.SHOP_POSTAL_ADDRESS,
          SHOP_EMAIL: config.SHOP_EMAIL,
        },
      ],
    ]);
  });

  it('renders here a mail the renderer failed (a render thread that stopped costs no mail)', async () => {
    renderMailsOn(() => Promise.reject(new Error('the render thread stopped (exit code 1)')));
    expect(await renderMail('verifyEmail', data, config)).toEqual(await renderMailHere('verifyEmail', data, config));
  });
});
