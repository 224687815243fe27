/**
 * Opening a checkout: the basket priced (flows/price-basket.ts), its discount code held by the
 * discounts module, the provider's payment page made, and the checkout module's session row
 * written. Reached through `ctx.flows` by the checkout's route (decision 135).
 */
import { randomUUID } from 'node:crypto';
import type { CreateCheckoutBody } from '@shared/contracts/checkout';
import { zoneOf } from '@shared/delivery-zones';
import type { CreatedCheckout, PaymentProvider } from '../adapters/payments/provider';
import type { AppContext } from '../context';
import { badRequest, forbidden, unauthorized } from '../lib/errors';
import type { SessionClaims } from '../lib/tokens';
import {
  CHECKOUT_TTL_MS,
  HOLD_GRACE_MS,
  currentZones,
  emailSchema,
  insertCheckoutSession,
  noZoneSentence,
  orderSuccessPath,
} from '../modules/checkout';
import {
  DISCOUNT_PROBLEMS,
  discountCodeUsage,
  holdDiscountCode,
  passDiscountHold,
  releaseDiscountHold,
} from '../modules/discounts';
import { priceBasket } from './price-basket';

/**
 * POST /api/checkout/create_checkout_session. A code is held for this checkout before the payment
 * page is made (docs/decisions/036): of checkouts opened with one code, only one at a time gets a
 * page; the others are refused before anything is written, here or at the provider.
 */
export async function openCheckout(ctx: AppContext, body: CreateCheckoutBody, user: SessionClaims | null) {
  const userId = body.user_id ?? null;
  if (userId !== null) {
    if (!user) throw unauthorized();
    if (user.id !== userId) throw forbidden('You can only check out your own basket.');
  }
  const country = body.country;
  const zone = zoneOf(await currentZones(ctx.database.db), country);
  if (!zone) throw badRequest(await noZoneSentence(ctx, country));
  const basket = await priceBasket(ctx, body.cartItems, body.discount_code, zone);
  const typedEmail = body.user_email?.trim().toLowerCase() ?? '';
  const email = userId && user ? user.email : emailSchema.safeParse(typedEmail).success ? typedEmail : '';
  const reference = randomUUID();
  const base = ctx.config.PUBLIC_URL;
  const lines = basket.lines.map(({ productId, productKey, name, qty, unitPence }) => ({
    productId,
    productKey,
    name,
    qty,
    unitPence,
  }));
  const code = basket.discount?.code ?? null;
  const expiresAt = new Date(Math.floor((Date.now() + CHECKOUT_TTL_MS) / 1000) * 1000);
  if (code) await holdCode(ctx, code, reference, new Date(expiresAt.getTime() + HOLD_GRACE_MS));

  const provider = ctx.payments.checkout;
  let created: CreatedCheckout | null = null;
  try {
    created = await provider.createCheckout({
      reference,
      lines,
      shippingPence: basket.price.shippingPence,
      discountPence: basket.price.discountPence,
      discountLabel: basket.discount ? `Code ${basket.discount.code} (${basket.discount.percentage}% off)` : null,
      totalPence: basket.price.totalPence,
      customerEmail: email || null,
      metadata: {
        checkout_ref: reference,
        user_id: userId ?? '',
        discount_code: code ?? '',
        total_pence: String(basket.price.totalPence),
      },
      successUrl: (sessionRef) => `${base}${orderSuccessPath(sessionRef)}`,
      cancelUrl: `${base}/cart`,
      expiresAt,
      shippingCountries: zone.countries,
      shippingLabel: `Delivery (${zone.name})`,
    });
    const sessionId = created.sessionId;
    await ctx.database.db.transaction(async (tx) => {
      await insertCheckoutSession(tx, {
        id: sessionId,
        provider: provider.name,
        userId,
        email,
        lines,
        subtotalPence: basket.price.subtotalPence,
        shippingPence: basket.price.shippingPence,
        discountPence: basket.price.discountPence,
        totalPence: basket.price.totalPence,
        discountCode: code,
        deliveryCountry: country,
        deliveryZone: zone.name,
        deliveryCountries: zone.countries,
        expiresAt,
      });
      // From now on the hold is the session's, which the provider's events and Cancel name.
      if (code && !(await passDiscountHold(tx, code, reference, sessionId))) throw badRequest(DISCOUNT_PROBLEMS.held);
    });
    return { sessionId, url: created.url };
  } catch (error) {
    if (code) await letGoOfCode(ctx, provider, code, reference, created?.sessionId ?? null);
    throw error;
  }
}

/** Holds a code for a checkout being opened, or refuses (400) saying why: used by now, or held by another open checkout. */
async function holdCode(ctx: AppContext, code: string, holder: string, until: Date) {
  if (await holdDiscountCode(ctx.database.db, code, holder, until)) return;
  throw badRequest((await discountCodeUsage(ctx.database.db, code)) ? DISCOUNT_PROBLEMS.used : DISCOUNT_PROBLEMS.held);
}

/**
 * A checkout that could not be opened lets go of its code. When the provider made a payment page,
 * it is closed first; if that fails the hold stays until its time is up, since the page might
 * still be paid.
 */
async function letGoOfCode(
  ctx: AppContext,
  provider: PaymentProvider,
  code: string,
  reference: string,
  sessionId: string | null,
) {
  try {
    if (sessionId && !(await provider.expireCheckout(sessionId))) return;
    await releaseDiscountHold(ctx.database.db, code, reference);
  } catch (error) {
    ctx.log.warn({ err: error, code, sessionId }, 'discount code hold left to run out after a failed checkout');
  }
}
