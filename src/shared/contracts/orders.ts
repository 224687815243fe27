/**
 * Orders (docs/api.md, "Checkout and orders", and the admin's order calls): the customer's history,
 * the thank-you view, the admin's list and changes. Money in pounds. The statuses and their moves
 * are the table in ../order-status.ts; the checkout's own calls are in checkout.ts.
 */
import { z } from 'zod';
import { ADDRESS_FIELDS, type AddressField } from '../delivery-address';
import { ORDER_STATUSES } from '../order-status';
import { pageQueryFields } from './common';

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/**
 * A delivery address as typed (the demo checkout's form). Only its shape is checked here; the
 * service normalises it and applies the rules of ../delivery-address.ts with the shop's countries,
 * answering 400 with every bad field's message.
 */
export const deliveryAddressInputSchema = z.object({
  name: z.string({ message: 'must be text' }).max(500, 'is too long'),
  line1: z.string({ message: 'must be text' }).max(500, 'is too long'),
  line2: z.string({ message: 'must be text' }).max(500, 'is too long').optional().default(''),
  city: z.string({ message: 'must be text' }).max(500, 'is too long'),
  county: z.string({ message: 'must be text' }).max(500, 'is too long').optional().default(''),
  postcode: z.string({ message: 'must be text' }).max(500, 'is too long'),
  country: z.string({ message: 'must be text' }).max(500, 'is too long'),
  phone: z.string({ message: 'must be text' }).max(500, 'is too long'),
});
export type DeliveryAddressInput = z.input<typeof deliveryAddressInputSchema>;

/** A delivery address as stored on an order (every field a string; '' for an optional one not given). */
export const deliveryAddressSchema = z.object(
  Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, z.string()])) as Record<AddressField, z.ZodString>,
);

export const orderItemSchema = z.object({ item: z.string(), quantity: z.number().int(), product_id: z.string() });
/** An order as its customer sees it (order history). */
export const orderSchema = z.object({
  order_id: z.string(),
  items: z.array(orderItemSchema),
  /** Pounds. */
  total_cost: z.number(),
  /** ISO timestamp. */
  date: z.string(),
  status: orderStatusSchema,
  currency: z.string(),
  bookVault_ref: z.string().nullable(),
  tracking_ref: z.string().nullable(),
  reviewed: z.boolean(),
  /** Where the books go; null on orders made before addresses were collected, or paid without one. */
  delivery_address: deliveryAddressSchema.nullable(),
});
export const orderHistorySchema = z.array(orderSchema);
export type Order = z.infer<typeof orderSchema>;

/**
 * Where an order is with the print partner, as the owner sees it (decision 112): queued (waiting to
 * be sent, or to be sent again after a failed try), sent (the partner holds it), printing,
 * dispatched, delivered, needs attention (refused, cancelled, or not known whether the partner
 * got it: the owner decides). Null when orders go to the printer by hand.
 */
export const PRINT_STATES = ['queued', 'sent', 'printing', 'dispatched', 'delivered', 'needs attention'] as const;
export const printStateSchema = z.enum(PRINT_STATES);
export type PrintState = z.infer<typeof printStateSchema>;

/**
 * A print job's own states (the `print_jobs.state` column, decision 112): queued, submitting (a
 * worker is sending it), submitted (the partner holds it), failed (needs the owner).
 */
export const PRINT_JOB_STATES = ['queued', 'submitting', 'submitted', 'failed'] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];

/**
 * What the owner is shown for a print job's state and the partner's last reported one (the
 * orders' pages and the dashboard's lists both show it).
 */
export function printStateOf(jobState: PrintJobState | null, partnerState: string | null): PrintState | null {
  switch (jobState) {
    case null:
      return null;
    case 'queued':
    case 'submitting':
      return 'queued';
    case 'failed':
      return 'needs attention';
    case 'submitted':
      return partnerState === 'printing' || partnerState === 'dispatched' || partnerState === 'delivered'
        ? partnerState
        : 'sent';
  }
}

/** An order as the admin sees it: the customer's view, the e-mail it was made for, whether a paid checkout came without an address, and the print state. */
export const adminOrderSchema = orderSchema.extend({
  user_email: z.string(),
  address_missing: z.boolean(),
  print_state: printStateSchema.nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrdersSchema = z.array(adminOrderSchema);

const REF_MAX = 100;
/** An optional reference: missing, null and blank all mean "not given". */
const optionalRef = z
  .string()
  .trim()
  .max(REF_MAX, { message: `must be at most ${REF_MAX} characters` })
  .nullish()
  .transform((value) => (value ? value : null));

export const updateOrderStatusBodySchema = z.object({
  /** The spec's client sends it; the server mails the address stored on the order. */
  customer_email: z.string().max(320).optional(),
  order_id: z.uuid({ message: 'must be an order id' }),
  status: orderStatusSchema,
  bookVault_ref: optionalRef,
  tracking_ref: optionalRef,
});
export type UpdateOrderStatusBody = z.input<typeof updateOrderStatusBodySchema>;
/** GET /api/server/delivery_address/:userId: the address of the customer's last order that had one, offered at the next checkout. */
export const lastDeliveryAddressSchema = z.object({ address: deliveryAddressSchema.nullable() });

/** An order line with its price (pounds). */
export const pricedOrderLineSchema = z.object({
  product_id: z.string(),
  item: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
});

/**
 * GET /api/checkout/sessions/:sessionId/order: the order a checkout made, for the thank-you view
 * (the session id of the return address is the capability; decision 110). 404 until it is paid.
 */
export const checkoutOrderSchema = z.object({
  order_id: z.string(),
  items: z.array(pricedOrderLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  discount_code: z.string().nullable(),
  shipping: z.number(),
  total: z.number(),
  currency: z.string(),
  /** Where the confirmation was sent. */
  email: z.string(),
  delivery_address: deliveryAddressSchema.nullable(),
});
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;

/** The admin's order overview: query (all optional). */
export const adminOrdersQuerySchema = z.object({
  /** An order number (its last 10 characters or the whole id), an e-mail address or a name, or part of one. */
  q: z.string().trim().max(200, 'is too long').optional().default(''),
  status: orderStatusSchema.optional(),
  /** Only orders whose paid checkout came without an address. */
  address_missing: z.enum(['true', 'false']).optional(),
  /** Only orders the print partner could not take (needs attention). */
  print: z.enum(['needs_attention']).optional(),
  ...pageQueryFields,
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

/** One page of the admin's order overview, newest first. */
export const adminOrderPageSchema = z.object({ orders: z.array(adminOrderSchema), next_cursor: z.string().nullable() });
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** One line of an order's history: its making (from null) or a change of status or references. */
export const orderStatusChangeSchema = z.object({
  from: orderStatusSchema.nullable(),
  to: orderStatusSchema,
  bookVault_ref: z.string().nullable(),
  tracking_ref: z.string().nullable(),
  /** ISO timestamp. */
  at: z.string(),
  /** An admin's e-mail, 'checkout' or 'print partner'. */
  by: z.string(),
  /** The subject of the mail the change sent, null when none. */
  mail: z.string().nullable(),
});

/** GET /api/admin/orders/:orderId: everything about one order. */
export const adminOrderDetailSchema = adminOrderSchema.extend({
  lines: z.array(pricedOrderLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  discount_code: z.string().nullable(),
  shipping: z.number(),
  /** The delivery zone the order was priced with, as it was named then (decision 148); null before zones. */
  delivery_zone: z.string().nullable(),
  /** The payment provider's reference (Stripe's payment intent), 'demo', or null when unknown. */
  payment_ref: z.string().nullable(),
  /** The carrier and its tracking page, when the print partner gave them with the dispatch. */
  carrier: z.string().nullable(),
  tracking_url: z.string().nullable(),
  /**
   * What breaks the shop's address rule in the stored address, one message per bad field (empty
   * when it is fine or there is none): an address a payment provider collected is kept as it came
   * and waits for the owner before it is printed (decision 133).
   */
  address_problems: z.array(z.string()),
  history: z.array(orderStatusChangeSchema),
  /** The order's print job; null when orders go to the printer by hand. */
  print: z
    .object({
      state: printStateSchema,
      /** 'bookvault' or 'simulated'. */
      partner: z.string(),
      /** The partner's reference (BookVault's PodRef). */
      partner_ref: z.string().nullable(),
      /** The partner's own words for the order's state. */
      partner_status: z.string().nullable(),
      /** Why the owner is needed, or the last failed try's reason while it is retried. */
      problem: z.string().nullable(),
      attempts: z.number().int(),
      /** What the partner charged (in its currency's major unit), when it said. */
      cost: z.number().nullable(),
      cost_currency: z.string().nullable(),
      /** ISO timestamp of the last change. */
      updated_at: z.string(),
      /** Send again is offered (the job needs attention and the order has an address). */
      can_send_again: z.boolean(),
    })
    .nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
