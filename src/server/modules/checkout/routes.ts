/** Checkout: a basket priced and turned into a payment, the payment webhooks, the demo checkout, and a discount code checked against the basket (docs/api.md). */
import { z } from 'zod';
import { validateDiscountAnswerSchema, validateDiscountBodySchema } from '@shared/contracts/discounts';
import { userIdParamsSchema } from '@shared/contracts/cart';
import {
  cancelCheckoutAnswerSchema,
  createCheckoutAnswerSchema,
  createCheckoutBodySchema,
  demoCheckoutSchema,
  demoPayAnswerSchema,
  demoPayBodySchema,
  deliveryZonesAnswerSchema,
  deliveryZonesBodySchema,
} from '@shared/contracts/checkout';
import { messageSchema } from '@shared/contracts/common';
import { checkoutOrderSchema, lastDeliveryAddressSchema } from '@shared/contracts/orders';
import type { ModuleRoutes } from '../../http';
import { ownerFromParam } from '../../plugins/access';
import { listZones, saveZones } from './delivery-zones';
import * as checkout from './service';
import { paymentWebhookPlugin } from './webhook';

const sessionParams = z.object({ sessionId: z.string().min(1).max(200) });

export const checkoutRoutes: ModuleRoutes = async (app, ctx) => {
  // Per address and minute; generous for people, a wall for scripts guessing codes. The browser-test server relaxes it.
  const perMinute = (max: number) => ({
    max: ctx.config.E2E_RELAXED_RATE_LIMITS ? max * 100 : max,
    timeWindow: '1 minute',
  });
  app.post(
    '/api/checkout/create_checkout_session',
    {
      config: { access: 'public', rateLimit: perMinute(30) },
      schema: { tags: ['checkout'], body: createCheckoutBodySchema, response: { 200: createCheckoutAnswerSchema } },
    },
    (request) => ctx.flows.openCheckout(ctx, request.body, request.user),
  );

  await app.register(paymentWebhookPlugin, { ctx });

  // Public like the demo's Pay: knowing the session id (the shopper's own tab has it) is the capability.
  app.post(
    '/api/checkout/sessions/:sessionId/cancel',
    {
      config: { access: 'public', rateLimit: perMinute(30) },
      schema: {
        tags: ['checkout'],
        summary: 'Closes an open checkout the shopper left, releasing its discount code',
        params: sessionParams,
        response: { 200: cancelCheckoutAnswerSchema },
      },
    },
    (request) => checkout.cancelCheckout(ctx, request.params.sessionId),
  );

  app.get(
    '/api/checkout/demo/:sessionId',
    {
      config: { access: 'public' },
      schema: { tags: ['checkout'], params: sessionParams, response: { 200: demoCheckoutSchema } },
    },
    (request) => checkout.getDemoCheckout(ctx, request.params.sessionId),
  );
  app.post(
    '/api/checkout/demo/:sessionId/pay',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        params: sessionParams,
        body: demoPayBodySchema,
        response: { 200: demoPayAnswerSchema },
      },
    },
    (request) => checkout.payDemoCheckout(ctx, request.params.sessionId, request.body),
  );

  // The thank-you view: the session id of the return address is the capability, for a day (decision 110).
  // Polled while a provider's webhook is on its way, so the budget is larger than the others'.
  app.get(
    '/api/checkout/sessions/:sessionId/order',
    {
      config: { access: 'public', rateLimit: perMinute(120) },
      schema: {
        tags: ['checkout'],
        summary: "The order a paid checkout made, for the shopper's thank-you view (404 until it is paid)",
        params: sessionParams,
        response: { 200: checkoutOrderSchema },
      },
    },
    (request) => ctx.flows.checkoutOrder(ctx, request.params.sessionId),
  );

  app.get(
    '/api/server/delivery_address/:userId',
    {
      config: { access: ownerFromParam('userId') },
      schema: {
        tags: ['checkout'],
        summary: "The customer's last delivery address, offered at the next checkout",
        params: userIdParamsSchema,
        response: { 200: lastDeliveryAddressSchema },
      },
    },
    (request) => ctx.flows.savedDeliveryAddress(ctx, request.params.userId),
  );

  app.post(
    '/api/server/validate_discount',
    {
      config: { access: 'public', rateLimit: perMinute(30) },
      schema: { tags: ['checkout'], body: validateDiscountBodySchema, response: { 200: validateDiscountAnswerSchema } },
    },
    (request) => ctx.flows.validateDiscount(ctx, request.body.code, request.body.cartItems, request.body.country),
  );

  // Delivery zones (issue 29, decision 148): the basket reads them when it opens; the owner replaces the whole list.
  app.get(
    '/api/server/delivery_zones',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: 'The delivery zones: countries, prices (pounds), free-delivery amounts and estimates',
        response: { 200: deliveryZonesAnswerSchema },
      },
    },
    () => listZones(ctx),
  );
  app.get(
    '/api/admin/delivery_zones',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The delivery zones, for the Delivery screen',
        response: { 200: deliveryZonesAnswerSchema, 401: messageSchema, 403: messageSchema },
      },
    },
    () => listZones(ctx),
  );
  app.put(
    '/api/admin/delivery_zones',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Replace the delivery zones (the whole list; 400 naming every problem, nothing saved)',
        body: deliveryZonesBodySchema,
        response: { 200: deliveryZonesAnswerSchema, 400: messageSchema, 401: messageSchema, 403: messageSchema },
      },
    },
    (request) => saveZones(ctx, request.body),
  );
};
