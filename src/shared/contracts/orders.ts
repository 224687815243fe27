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

/** A sale, or a free replacement of another order's books (decision 142): a replacement never counts as a sale. */
export const ORDER_KINDS = ['sale', 'replacement'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** Why the owner sends a replacement, with the words shown. */
export const REPLACEMENT_REASONS = {
  lost_in_post: 'Lost in the post',
  damaged_in_transit: 'Damaged in transit',
  print_fault: 'Print fault',
  wrong_book: 'Wrong book',
  other: 'Other',
} as const;
export type ReplacementReason = keyof typeof REPLACEMENT_REASONS;

/** What a customer can report about an order that was sent, with the words shown. */
export const PROBLEM_REASON_LABELS = {
  damaged: 'Arrived damaged',
  print_fault: 'Printing fault',
  not_arrived: 'Never arrived',
  wrong_book: 'Wrong book',
  other: 'Something else',
} as const;
export type ProblemReason = keyof typeof PROBLEM_REASON_LABELS;
export const PROBLEM_REASONS = Object.keys(PROBLEM_REASON_LABELS) as [ProblemReason, ...ProblemReason[]];
/** At most this many photos with a report. */
export const PROBLEM_PHOTOS_MAX = 3;
export const PROBLEM_MESSAGE_MAX = 2000;

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

/** An order line with its price (pounds). */
export const pricedOrderLineSchema = z.object({
  product_id: z.string(),
  item: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
});

/*
 * Cancel and refund (issue 26, decisions 137–139). Where the money is, beside where the books are:
 * an order is `paid`, `partially_refunded` or `refunded`, derived from its refunds (pending and
 * succeeded ones count; a failed one does not). Amounts in pounds, as everywhere in the API.
 */
export const PAYMENT_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** The fixed list of reasons for a refund or a cancel, with the words the owner sees. */
export const REFUND_REASONS = {
  customer_cancelled: 'Customer cancelled',
  damaged: 'Arrived damaged',
  misprinted: 'Misprinted',
  lost_in_post: 'Lost in the post',
  wrong_item: 'Wrong book sent',
  late: 'Arrived too late',
  returned: 'Returned by the customer',
  goodwill: 'Goodwill gesture',
  other: 'Other',
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;
export const refundReasonSchema = z.enum(Object.keys(REFUND_REASONS) as [RefundReason, ...RefundReason[]], {
  message: `must be one of ${Object.keys(REFUND_REASONS).join(', ')}`,
});

/** A refund's state at the payment provider. */
export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export const refundStateSchema = z.enum(REFUND_STATES);
export type RefundState = z.infer<typeof refundStateSchema>;
/** Who made a refund: the owner in the shop, the customer (a cancel), or someone in Stripe's dashboard. */
export const REFUND_BY = ['owner', 'customer', 'stripe_dashboard'] as const;
export const refundBySchema = z.enum(REFUND_BY);

const NOTE_MAX = 1000;
const noteSchema = z.string({ message: 'must be text' }).trim().max(NOTE_MAX, `must be at most ${NOTE_MAX} characters`);

export const refundLineSchema = z.object({
  product_id: z.string({ message: 'must be a book id' }).min(1, 'must be a book id').max(200, 'is too long'),
  qty: z.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1'),
});
export type RefundLine = z.infer<typeof refundLineSchema>;

/** One refund of an order. */
export const refundSchema = z.object({
  id: z.string(),
  /** Pounds. */
  amount: z.number(),
  /** The copies refunded, when the refund was made by line (empty for shipping or an amount alone). */
  lines: z.array(refundLineSchema),
  /** Whether the delivery charge is part of it. */
  shipping: z.boolean(),
  reason: refundReasonSchema,
  /** The owner's note ('' when none). */
  note: z.string(),
  by: refundBySchema,
  /** The admin's e-mail when by is 'owner', else null. */
  by_email: z.string().nullable(),
  /** ISO timestamp. */
  created_at: z.string(),
  state: refundStateSchema,
  /** Why the provider refused or failed it (state failed), in its words. */
  failure: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** What the customer's order history and the owner's overview add to an order: where the money is. */
export const orderMoneyFields = {
  payment_status: paymentStatusSchema,
  /** Pounds: pending and succeeded refunds. */
  refunded_total: z.number(),
  /** ISO timestamp of the cancel, null when not cancelled. */
  cancelled_at: z.string().nullable(),
  /** ISO timestamp of the latest refund (pending or succeeded), null when none. */
  refunded_at: z.string().nullable(),
  /**
   * ISO timestamp until which the customer may cancel it themselves (the print hold); null when
   * the customer can no longer cancel it (cancelled, sent to the printer, or the hold is over).
   */
  cancellable_until: z.string().nullable(),
};

/** Where the order stands at the printer for a cancel (the owner's dialog says what will happen). */
export const CANCEL_AT_PRINTER = ['not_sent', 'sent', 'uncertain', 'manual', 'none'] as const;
export const cancelAtPrinterSchema = z.enum(CANCEL_AT_PRINTER);

/** What GET /api/admin/orders/:orderId adds for cancel and refund. */
export const adminOrderMoneyFields = {
  refunds: z.array(refundSchema),
  /** Pounds: paid minus pending and succeeded refunds (what a refund may still return). */
  refundable: z.number(),
  /** ISO timestamp of a dispute (chargeback) opened on the payment, null when none. */
  disputed_at: z.string().nullable(),
  /** ISO timestamp until which the print job is held (the cancel window); null when not held. */
  print_hold_until: z.string().nullable(),
  /** The owner may send the held job now ("Send to printer now"). */
  can_send_now: z.boolean(),
  /**
   * The owner's cancel: whether it is offered, what happens at the printer ('not_sent': nothing
   * reaches it; 'sent': the partner is asked to cancel and only its yes cancels; 'uncertain':
   * refused until the owner checks the partner's portal; 'manual': orders go to the printer by
   * hand; 'none': not cancellable), and a sentence for the dialog.
   */
  cancel: z.object({ possible: z.boolean(), at_printer: cancelAtPrinterSchema, message: z.string() }),
};

/** POST /api/admin/orders/:orderId/cancel. `refund` defaults to a full refund in the dialog (the body must say). */
export const adminCancelBodySchema = z.object({
  refund: z.boolean({ message: 'must be true or false' }),
  reason: refundReasonSchema,
  note: noteSchema.optional().default(''),
});
export type AdminCancelBody = z.input<typeof adminCancelBodySchema>;

/** POST /api/orders/:orderId/cancel: the signed-in customer (no body needed), or a guest with the mailed link's token. */
export const customerCancelBodySchema = z.object({
  token: z.string({ message: 'must be text' }).max(2000, 'is too long').optional(),
});
export const cancellationQuerySchema = z.object({ token: z.string().max(2000, 'is too long').optional() });

/** A cancel's answer (owner or customer): the sentence to show, the order's new state and the refund made. */
export const cancelResultSchema = z.object({
  message: z.string(),
  status: orderStatusSchema,
  payment_status: paymentStatusSchema,
  refund: refundSchema.nullable(),
});
export type CancelResult = z.infer<typeof cancelResultSchema>;

/**
 * A refused cancel or refund (409): the sentence, and why in one word for the screens:
 * 'not_cancellable' (not Printing), 'window_closed' (the customer's hold is over), 'printer_refused'
 * or 'printer_unreachable' (a refund is offered instead), 'uncertain' (check the partner's portal),
 * 'over_remainder', 'nothing_to_refund', 'link_used', 'conflict' (another change came first).
 */
export const REFUSAL_KINDS = [
  'not_cancellable',
  'window_closed',
  'printer_refused',
  'printer_unreachable',
  'uncertain',
  'over_remainder',
  'nothing_to_refund',
  'link_used',
  'conflict',
] as const;
export const refusalSchema = z.object({ message: z.string(), kind: z.enum(REFUSAL_KINDS) });
export type Refusal = z.infer<typeof refusalSchema>;

/** A replacement refused (409): with `kind: 'already_replaced'` the owner may confirm another (`confirm_again`). */
export const replacementRefusedSchema = z.object({
  message: z.string(),
  kind: z.literal('already_replaced').optional(),
});
export type ReplacementRefusalKind = NonNullable<z.infer<typeof replacementRefusedSchema>['kind']>;

/**
 * A refund the payment provider was not able to answer (503): nothing refunded, or, with
 * `kind: 'refund_unanswered'`, possibly made and kept pending until the provider confirms (decision 163).
 */
export const refundUnavailableSchema = z.object({
  message: z.string(),
  kind: z.literal('refund_unanswered').optional(),
});

/**
 * The `kind` an error answer may carry beside its message: a refusal's (409, a replacement's too) or an unanswered
 * refund's (503). The web client keeps it (`ApiError.kind`) so that screens decide on it, never on
 * the sentence's words.
 */
export type ErrorKind =
  Refusal['kind'] | ReplacementRefusalKind | NonNullable<z.infer<typeof refundUnavailableSchema>['kind']>;

/**
 * POST /api/admin/orders/:orderId/refunds. Lines and quantities, and/or shipping, and/or `amount`
 * (pounds). With `amount` the refund is that amount (the owner edited the prefilled figure); without
 * it, the lines' prices plus the shipping. Never more than paid minus refunded (409).
 */
export const refundBodySchema = z
  .object({
    /**
     * The refund's id, made by the client once per refund dialog (a UUID): a double click or a
     * retried request with the same id makes one refund and answers it. Optional.
     */
    id: z.uuid({ message: 'must be a UUID' }).optional(),
    lines: z.array(refundLineSchema).max(200, 'has too many lines').optional().default([]),
    shipping: z.boolean({ message: 'must be true or false' }).optional().default(false),
    amount: z
      .number({ message: 'must be an amount in pounds' })
      .positive('must be more than 0')
      .max(1_000_000, 'is too large')
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'must be whole pence')
      .optional(),
    reason: refundReasonSchema,
    note: noteSchema.optional().default(''),
    notify: z.boolean({ message: 'must be true or false' }).optional().default(true),
  })
  .refine((body) => body.lines.length > 0 || body.shipping || body.amount !== undefined, {
    message: 'Choose books, the delivery charge or an amount to refund.',
  })
  .refine((body) => new Set(body.lines.map((line) => line.product_id)).size === body.lines.length, {
    message: 'Name each book once.',
    path: ['lines'],
  });
export type RefundBody = z.input<typeof refundBodySchema>;

/**
 * GET /api/orders/:orderId/cancellation?token=… (or with the customer's session): what the cancel
 * page shows. `can_cancel` false comes with `reason`, the sentence why (it points to the contact
 * page and /terms when the window is over).
 */
export const cancellationSchema = z.object({
  order_id: z.string(),
  /** ISO timestamp. */
  date: z.string(),
  items: z.array(pricedOrderLineSchema),
  total: z.number(),
  currency: z.string(),
  status: orderStatusSchema,
  payment_status: paymentStatusSchema,
  refunded_total: z.number(),
  cancellable_until: z.string().nullable(),
  can_cancel: z.boolean(),
  reason: z.string().nullable(),
});
export type Cancellation = z.infer<typeof cancellationSchema>;

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
  ...orderMoneyFields,
  /** 'sale', or 'replacement' (free books sent again for `parent_order_id`; decision 142). */
  kind: z.enum(ORDER_KINDS),
  parent_order_id: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** A replacement as its customer sees it, under the order it replaces books of. */
export const customerReplacementSchema = z.object({
  order_id: z.string(),
  date: z.string(),
  status: orderStatusSchema,
  items: z.array(orderItemSchema),
  tracking_ref: z.string().nullable(),
});

/**
 * An order in its customer's history: a sale, with the replacements sent for it, and what the
 * customer may do now (correct the address before printing, report a problem once sent).
 */
export const customerOrderSchema = orderSchema.extend({
  replacements: z.array(customerReplacementSchema),
  /** The address can still be corrected: the print job has not been sent (decision 143). */
  can_correct_address: z.boolean(),
  /**
   * The countries a corrected address may be in (ISO 3166-1 alpha-2): those of the delivery zone
   * the order was priced with, as the zones stand now (decision 143); the form offers only these (decision 164).
   */
  address_countries: z.array(z.string()),
  /** A problem can be reported: the order was sent and none is open. */
  can_report_problem: z.boolean(),
  /** A report is open: the shop is looking at it. */
  problem_open: z.boolean(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;
export const orderHistorySchema = z.array(customerOrderSchema);

/**
 * Where an order is with the print partner, as the owner sees it (decision 112): queued (waiting to
 * be sent, or to be sent again after a failed try), sent (the partner holds it), printing,
 * dispatched, delivered, needs attention (refused, cancelled, or not known whether the partner
 * got it: the owner decides), cancelled (the order was cancelled; decision 137). Null when orders
 * go to the printer by hand.
 */
export const PRINT_STATES = [
  'queued',
  'sent',
  'printing',
  'dispatched',
  'delivered',
  'needs attention',
  'cancelled',
] as const;
export const printStateSchema = z.enum(PRINT_STATES);
export type PrintState = z.infer<typeof printStateSchema>;

/**
 * A print job's own states (the `print_jobs.state` column, decision 112): queued, submitting (a
 * worker is sending it), submitted (the partner holds it), failed (needs the owner), cancelled
 * (the order was cancelled: never sent, or the partner confirmed the cancel; decision 137).
 */
export const PRINT_JOB_STATES = ['queued', 'submitting', 'submitted', 'failed', 'cancelled'] as const;
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
    case 'cancelled':
      return 'cancelled';
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
  /** The customer reported a problem that is still open (decision 144). */
  problem_open: z.boolean(),
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
  /** The delivery zone the order was priced for (decision 148); null for orders made before zones. */
  delivery_zone: z.string().nullable(),
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
  /** Only orders with a problem the customer reported that is still open. */
  problem: z.enum(['open']).optional(),
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
  /** What happened besides a status move (a refund, a failed refund, a dispute, a cancel the printer refused), null when nothing. */
  event: z.string().nullable(),
});

/** A line of an order linked to another: the original a replacement was sent for, or a replacement. */
export const linkedOrderSchema = z.object({
  order_id: z.string(),
  date: z.string(),
  status: orderStatusSchema,
  /** Why it was sent (a replacement's); null for the original. */
  reason: z.enum(Object.keys(REPLACEMENT_REASONS) as [ReplacementReason, ...ReplacementReason[]]).nullable(),
  items: z.array(orderItemSchema),
  tracking_ref: z.string().nullable(),
  /** What the printer charged (pounds), when it said. */
  print_cost: z.number().nullable(),
});

/** A problem the customer reported (decision 144). */
export const orderProblemSchema = z.object({
  id: z.string(),
  reason: z.enum(PROBLEM_REASONS),
  message: z.string(),
  /** The photos' addresses (resized WebP, 640 px wide; the image pipeline's). */
  photos: z.array(z.string()),
  reported_by: z.string(),
  at: z.string(),
  /** How the owner closed it; null while open. */
  closed: z
    .object({
      how: z.enum(['replacement', 'refund', 'note']),
      note: z.string().nullable(),
      by: z.string(),
      at: z.string(),
    })
    .nullable(),
});

/** One entry of an order's own log (the owner's only): a private note, an address correction, a replacement, a problem. */
export const orderEventSchema = z.object({
  kind: z.enum(['note', 'address_corrected', 'replacement_sent', 'problem_reported', 'problem_closed']),
  text: z.string(),
  by: z.string(),
  at: z.string(),
});

/** What GET /api/admin/orders/:orderId says of problems, replacements, corrections and notes (issue 27). */
const orderAftercareFields = {
  /** The original (for a replacement) and the replacements sent for this order, oldest first. */
  linked_orders: z.object({ original: linkedOrderSchema.nullable(), replacements: z.array(linkedOrderSchema) }),
  /** The customer's last report (open or closed), with its photos; null when none. */
  problem: orderProblemSchema.nullable(),
  /** Private notes and the other events, oldest first: never shown to the customer. */
  events: z.array(orderEventSchema),
  /** The delivery address can be corrected: the print job has not been sent to the partner. */
  can_correct_address: z.boolean(),
  /** A replacement can be sent: Shipped or Delivered, or Printing with a failed print job. */
  can_replace: z.boolean(),
  /**
   * The countries a corrected address or a replacement's may be in (ISO 3166-1 alpha-2): those of
   * the delivery zone the order was priced with, as the zones stand now (decision 143); the forms
   * offer only these (decision 164).
   */
  address_countries: z.array(z.string()),
};

/** POST /api/admin/orders/:orderId/replacements. */
export const replacementBodySchema = z.object({
  lines: z
    .array(
      z.object({
        product_id: z.string().max(200, 'is too long'),
        qty: z.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100'),
      }),
    )
    .min(1, 'must name at least one book')
    .max(100, 'has too many lines'),
  reason: z.enum(Object.keys(REPLACEMENT_REASONS) as [ReplacementReason, ...ReplacementReason[]], {
    message: `must be one of ${Object.keys(REPLACEMENT_REASONS).join(', ')}`,
  }),
  note: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
  /** Where to send it; the original's address when not given. */
  address: deliveryAddressInputSchema.optional(),
  /** The owner confirmed a second replacement of a book already replaced ("one is already on its way"). */
  confirm_again: z.boolean().optional(),
});
export type ReplacementBody = z.input<typeof replacementBodySchema>;
export const replacementCreatedSchema = z.object({ order_id: z.string(), message: z.string() });

/** POST /api/admin/orders/:orderId/notes. */
export const orderNoteBodySchema = z.object({
  text: z
    .string({ message: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(2000, 'must be at most 2000 characters'),
});

/** POST /api/admin/orders/:orderId/problem/close: closed by a note (a replacement closes it by itself). */
export const closeProblemBodySchema = orderNoteBodySchema;

/** POST /api/orders/:orderId/problems: the answer. */
export const problemReportedSchema = z.object({ problem_id: z.string(), message: z.string() });

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
  ...adminOrderMoneyFields,
  ...orderAftercareFields,
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
