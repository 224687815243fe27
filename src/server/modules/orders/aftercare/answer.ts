/** What the owner's order page and the customer's history show of an order's after-care (issue 27). */
import type { AdminOrderDetail, CustomerOrder, Order } from '@shared/contracts/orders';
import { imagePath } from '@shared/images';
import { penceToPounds } from '@shared/money';
import type { AppContext } from '../../../context';
import { findPrintJob } from '../printing/jobs';
import type { OrderWithItems } from '../repository';
import { addressLockedBecause, customerMayCorrect } from './address';
import { replaceable } from './replacements';
import { reportable } from './problems';
import { findReplacements, latestProblem, listEvents } from './repository';

type Aftercare = Pick<
  AdminOrderDetail,
  'linked_orders' | 'problem' | 'events' | 'can_correct_address' | 'can_replace' | 'address_countries'
>;

const items = (row: OrderWithItems) =>
  row.items.map((item) => ({ item: item.name, quantity: item.quantity, product_id: item.productId }));

/** The linked orders, the last report with its photos, the log with private notes, and what the owner may do. */
export async function aftercareAnswer(ctx: AppContext, row: OrderWithItems): Promise<Aftercare> {
  const db = ctx.database.db;
  const [job, replacements, problem, events, parent, countries] = await Promise.all([
    findPrintJob(db, row.id),
    findReplacements(db, [row.id]),
    latestProblem(db, row.id),
    listEvents(db, row.id),
    row.parentOrderId
      ? db.query.orders.findFirst({
          where: (o, { eq }) => eq(o.id, row.parentOrderId!),
          columns: { id: true, createdAt: true, status: true, trackingRef: true },
        })
      : null,
    ctx.flows.orderDeliveryCountries(ctx, row),
  ]);
  return {
    linked_orders: {
      original: parent
        ? {
            order_id: parent.id,
            date: parent.createdAt.toISOString(),
            status: parent.status,
            reason: null,
            items: [],
            tracking_ref: parent.trackingRef,
            print_cost: null,
          }
        : null,
      replacements: replacements.map((replacement) => ({
        order_id: replacement.id,
        date: replacement.createdAt.toISOString(),
        status: replacement.status,
        reason: replacement.reason,
        items: items(replacement),
        tracking_ref: replacement.trackingRef,
        print_cost: replacement.costPence === null ? null : penceToPounds(replacement.costPence),
      })),
    },
    problem: problem && {
      id: problem.id,
      reason: problem.reason,
      message: problem.message,
      photos: problem.photoKeys.map((key) => imagePath(key, 640)),
      reported_by: problem.reportedBy,
      at: problem.createdAt.toISOString(),
      closed:
        problem.closedAt && problem.closedHow
          ? {
              how: problem.closedHow,
              note: problem.closedNote,
              by: problem.closedBy ?? '',
              at: problem.closedAt.toISOString(),
            }
          : null,
    },
    events: events.map((event) => ({
      kind: event.kind,
      text: event.text,
      by: event.by,
      at: event.createdAt.toISOString(),
    })),
    can_correct_address: addressLockedBecause(row, job) === null,
    can_replace: replaceable(row, job?.state ?? null),
    address_countries: countries,
  };
}

/**
 * The customer's history: their sales, each with the replacements sent for it (a replacement is
 * never an order of its own to them), and what they may do now. Nothing of the owner's log.
 */
export async function customerOrders(
  ctx: AppContext,
  rows: OrderWithItems[],
  answerOf: (row: OrderWithItems) => Order,
): Promise<CustomerOrder[]> {
  const sales = rows.filter((row) => row.kind === 'sale');
  const [replacements, countries] = await Promise.all([
    findReplacements(
      ctx.database.db,
      sales.map((row) => row.id),
    ),
    ctx.flows.ordersDeliveryCountries(ctx, sales),
  ]);
  return sales.map((row, index) => ({
    ...answerOf(row),
    replacements: replacements
      .filter((replacement) => replacement.parentOrderId === row.id)
      .map((replacement) => ({
        order_id: replacement.id,
        date: replacement.createdAt.toISOString(),
        status: replacement.status,
        items: items(replacement),
        tracking_ref: replacement.trackingRef,
      })),
    can_correct_address: customerMayCorrect(row),
    address_countries: countries[index]!,
    can_report_problem: reportable(row.status) && !row.problemOpen,
    problem_open: row.problemOpen,
  }));
}
