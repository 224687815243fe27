/**
 * The customer's problem reports (issue 27, decision 144): on a Shipped or Delivered order, by its
 * signed-in customer or through the signed link of the Shipped and Delivered mails; a reason, a
 * message and up to 3 photos checked by the image pipeline. One open report per order; the owner
 * closes it by a replacement (replacements.ts), a refund (issue 26) or a note.
 */
import {
  PROBLEM_MESSAGE_MAX,
  PROBLEM_REASON_LABELS,
  PROBLEM_REASONS,
  type ProblemReason,
} from '@shared/contracts/orders';
import { statusesWhere, type OrderStatus } from '@shared/order-status';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../../lib/errors';
import { prepareImage, recordImages, type ImageRecord } from '../../images';
import { enqueueMail, renderMail } from '../../mail';
import { closeOpenProblem, findAftercareOrder, insertEvent, insertProblem, latestProblem } from './repository';

/** How long the mailed "Report a problem" link works: 90 days. */
export const PROBLEM_LINK_TTL_S = 90 * 24 * 60 * 60;

export const NOT_SENT_YET = 'A problem can be reported once the order has been sent.';
export const ALREADY_OPEN =
  'A problem with this order is already open and the shop is looking at it: to add to it, write to us from the contact page.';
export const BAD_LINK = 'This link is not valid for this order, or it has expired: write to us from the contact page.';

/** A problem can be reported about an order in transit or arrived. */
export const reportable = (status: OrderStatus) =>
  statusesWhere('inTransit').includes(status) || statusesWhere('arrived').includes(status);

/** The shop path of the signed "Report a problem" page of an order (a guest's way in). */
export async function problemLink(ctx: Pick<AppContext, 'tokens'>, orderId: string): Promise<string> {
  const token = await ctx.tokens.sign('problem_report', { orderId }, PROBLEM_LINK_TTL_S);
  return `/orders/${orderId}/problem?token=${encodeURIComponent(token)}`;
}

export interface ProblemSubmission {
  fields: Record<string, string | undefined>;
  photos: Buffer[];
}

/** Who reports: the signed-in user, or the holder of the mailed link's token. */
export interface Reporter {
  userId: string | null;
  token: string | null;
}

async function reporterMayReport(ctx: AppContext, orderId: string, order: { userId: string | null }, who: Reporter) {
  if (who.token) {
    const claims = await ctx.tokens.verify<{ orderId?: unknown }>('problem_report', who.token);
    if (!claims || claims.orderId !== orderId) throw forbidden(BAD_LINK);
    return;
  }
  if (!who.userId) throw unauthorized('Please sign in to report a problem, or use the link in your order’s e-mail.');
  if (order.userId !== who.userId) throw forbidden('This is not one of your orders.');
}

function checkedFields(fields: ProblemSubmission['fields']): { reason: ProblemReason; message: string } {
  const reason = fields.reason as ProblemReason | undefined;
  if (!reason || !PROBLEM_REASONS.includes(reason))
    throw badRequest(`reason: must be one of ${PROBLEM_REASONS.join(', ')}.`);
  const message = (fields.message ?? '').trim();
  if (!message) throw badRequest('message: please tell us what happened.');
  if ([...message].length > PROBLEM_MESSAGE_MAX)
    throw badRequest(`message: must be at most ${PROBLEM_MESSAGE_MAX} characters.`);
  return { reason, message };
}

export async function reportProblem(
  ctx: AppContext,
  orderId: string,
  submission: ProblemSubmission,
  who: Reporter,
): Promise<{ problem_id: string; message: string }> {
  const db = ctx.database.db;
  const order = await findAftercareOrder(db, orderId);
  if (!order) throw notFound('No order with that id.');
  await reporterMayReport(ctx, orderId, order, who);
  const { reason, message } = checkedFields(submission.fields);
  if (!reportable(order.status)) throw conflict(NOT_SENT_YET);
  if ((await latestProblem(db, orderId))?.closedAt === null) throw conflict(ALREADY_OPEN);
  const photos: ImageRecord[] = [];
  for (const [index, bytes] of submission.photos.entries()) {
    try {
      photos.push(await prepareImage(ctx, bytes));
    } catch (error) {
      throw error instanceof Error && 'statusCode' in error
        ? badRequest(`Photo ${index + 1}: ${error.message}`)
        : error;
    }
  }
  const problemId = await db.transaction(async (tx) => {
    if (photos.length > 0) await recordImages(tx, photos);
    const row = await insertProblem(tx, {
      orderId,
      reason,
      message,
      photoKeys: photos.map((photo) => photo.key),
      reportedBy: order.email,
    });
    if (!row) throw conflict(ALREADY_OPEN);
    const label = PROBLEM_REASON_LABELS[reason];
    await insertEvent(tx, {
      orderId,
      kind: 'problem_reported',
      text: `Problem reported: ${label}.`,
      by: `customer ${order.email}`,
    });
    await enqueueMail(tx, {
      to: ctx.config.SHOP_EMAIL,
      replyTo: order.email,
      ...(await renderMail(
        'ownerProblemReported',
        { orderId, customerEmail: order.email, reason: label, message, photos: photos.length },
        ctx.config,
      )),
    });
    return row.id;
  });
  void ctx.mailWorker.kick();
  return { problem_id: problemId, message: 'Thank you: the shop has your report and will reply by e-mail.' };
}

/** The owner closes the open report with a note (a replacement closes it by itself). */
export async function closeProblemWithNote(
  ctx: AppContext,
  orderId: string,
  note: string,
  by: string,
): Promise<{ message: string }> {
  await ctx.database.db.transaction(async (tx) => {
    const closed = await closeOpenProblem(tx, orderId, { how: 'note', note, by });
    if (!closed) throw conflict('This order has no open problem to close.');
    await insertEvent(tx, { orderId, kind: 'problem_closed', text: `Problem closed: ${note}`, by });
  });
  return { message: 'The problem is closed.' };
}

/** A private note of the owner's on the order: in its log, never shown to the customer. */
export async function addNote(
  ctx: AppContext,
  orderId: string,
  text: string,
  by: string,
): Promise<{ message: string }> {
  const order = await findAftercareOrder(ctx.database.db, orderId);
  if (!order) throw notFound('No order with that id.');
  await insertEvent(ctx.database.db, { orderId, kind: 'note', text, by });
  return { message: 'Note added.' };
}

/**
 * Closes the order's open problem report, if there is one, with a line in its log: a replacement
 * sent or a refund made put it right (decision 144). In the caller's transaction.
 */
export async function closeProblemWith(tx: Db, orderId: string, how: 'replacement' | 'refund', by: string) {
  const closed = await closeOpenProblem(tx, orderId, { how, note: null, by });
  if (!closed) return;
  await insertEvent(tx, {
    orderId,
    kind: 'problem_closed',
    text: how === 'replacement' ? 'Problem closed: a replacement was sent.' : 'Problem closed: a refund was made.',
    by,
  });
}
