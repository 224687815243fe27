/**
 * Paid orders to the print partner, exactly once, and back with tracking (decision 112).
 *
 * - **Submitting.** A job is queued in the order's own transaction (jobs.ts). Any instance's
 *   worker claims a due job (marked `submitting` and committed first), sends it with our order id
 *   as the partner's document reference, and records what happened: accepted (the partner's
 *   reference on the order, unless the owner typed one), failed for sure (retried later, with
 *   backoff), or refused, duplicate, uncertain (the owner is needed: marked failed, with the
 *   partner's words, and mailed). An uncertain attempt is never sent again by the shop: the
 *   partner may hold it already.
 * - **A stop mid-call.** A job left `submitting` longer than the lease (the shop was killed between
 *   sending and writing the answer) is handed to the owner the same way.
 * - **Following.** Submitted jobs are asked about every PRINT_PARTNER_POLL_SECONDS until the
 *   partner reports them delivered or cancelled; dispatched moves the order to Shipped with the
 *   tracking number (the customer's mail links to the carrier's page through the shop), delivered
 *   to Delivered, by the owner's rules (flows/change-order-status.ts applyPrinterProgress).
 */
import type { PrintOrder, PrintStatus, SubmitResult } from '../../../adapters/print';
import { PrintPartnerError } from '../../../adapters/print';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { enqueueMail, renderMail } from '../../mail';
import { theStatusWhere } from '@shared/order-status';
import * as jobs from './jobs';

/** A claimed submission older than this is taken to have been cut off (the adapter's calls time out well before). */
export const SUBMIT_LEASE_MS = 2 * 60 * 1000;
/** Retries of a partner that certainly did not take the order, before the owner is asked. */
export const MAX_PRINT_ATTEMPTS = 8;
/** How often due submissions are looked for without a kick (a kick follows every paid order). */
const SUBMIT_INTERVAL_MS = 10_000;

export interface PrintWorkerOptions {
  /** The first retry's delay; each next one doubles, up to an hour (tests and the bench shorten it). */
  retryBaseMs?: number;
  /** See SUBMIT_LEASE_MS. */
  leaseMs?: number;
}

/** Delay before retry `attempts` (1, 2, ...): base, 2 × base, 4 × base ..., at most an hour; at least what the partner asked. */
export function printRetryDelayMs(attempts: number, baseMs: number, retryAfterSeconds: number | null = null): number {
  const backoff = Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
}

const UNCERTAIN_AFTER_STOP =
  'The shop stopped while it was sending this order to the printer, so it is not known whether the printer received it. ' +
  'Look for the order number in the print partner’s portal; send it again only if it is not there.';

export class PrintWorker {
  private submitTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private submitting: Promise<void> | null = null;
  private submitAgain = false;
  private polling: Promise<void> | null = null;
  private readonly retryBaseMs: number;
  private readonly leaseMs: number;
  /** Set by stop(): a pass under way finishes its current call and claims nothing more. */
  private stopping = false;

  constructor(
    private readonly ctx: () => AppContext,
    options: PrintWorkerOptions = {},
  ) {
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? SUBMIT_LEASE_MS;
  }

  start(): void {
    this.stopping = false;
    const { config, printPartner } = this.ctx();
    if (printPartner.name === 'manual') return;
    this.submitTimer = setInterval(() => void this.kick(), SUBMIT_INTERVAL_MS);
    this.submitTimer.unref();
    this.pollTimer = setInterval(() => void this.poll(), config.PRINT_PARTNER_POLL_SECONDS * 1000);
    this.pollTimer.unref();
    void this.kick();
    void this.poll();
  }

  /** Sends what is due now; concurrent calls coalesce into one more pass. */
  kick(): Promise<void> {
    if (this.submitting) {
      this.submitAgain = true;
      return this.submitting;
    }
    this.submitting = (async () => {
      do {
        this.submitAgain = false;
        await this.submitDue().catch((error: unknown) =>
          this.ctx().log.warn({ err: error }, 'print submission pass failed'),
        );
      } while (this.submitAgain);
    })().finally(() => {
      this.submitting = null;
    });
    return this.submitting;
  }

  /** Asks the partner about the open orders that are due a look; a call while one runs waits for it. */
  poll(): Promise<void> {
    if (this.polling) return this.polling;
    const pass = this.pollDue()
      .then(() => undefined)
      .catch((error: unknown) => this.ctx().log.warn({ err: error }, 'print status pass failed'))
      .finally(() => {
        this.polling = null;
      });
    this.polling = pass;
    return pass;
  }

  /**
   * Stops the timers and lets the call under way finish and be recorded; nothing more is claimed,
   * so a shutdown never leaves an order cut off mid-call (which the owner would have to check).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.submitTimer) clearInterval(this.submitTimer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.submitTimer = this.pollTimer = null;
    await Promise.all([this.submitting, this.polling]);
  }

  /** One pass: hand cut-off submissions to the owner, then send every due job. Answers how many were sent. */
  async submitDue(): Promise<number> {
    const ctx = this.ctx();
    if (ctx.printPartner.name === 'manual') return 0;
    await this.failAbandoned(ctx);
    let sent = 0;
    while (!this.stopping) {
      const job = await jobs.claimDueJob(ctx.database.db);
      if (!job) return sent;
      await this.submitOne(ctx, job);
      sent += 1;
    }
    return sent;
  }

  private async failAbandoned(ctx: AppContext) {
    const abandoned = await ctx.database.db.transaction(async (tx) => {
      const orderIds = await jobs.failAbandonedSubmissions(tx, this.leaseMs, UNCERTAIN_AFTER_STOP);
      for (const orderId of orderIds) await tellOwner(ctx, tx, orderId, UNCERTAIN_AFTER_STOP, null);
      return orderIds;
    });
    if (abandoned.length > 0) {
      ctx.log.error({ orderIds: abandoned }, 'print submissions cut off mid-call were handed to the owner');
      void ctx.mailWorker.kick();
    }
  }

  private async submitOne(ctx: AppContext, job: jobs.PrintJobRow) {
    const order = await jobs.printableOrder(ctx.database.db, job.orderId);
    let result: SubmitResult;
    if (!order?.address) {
      result = {
        outcome: 'refused',
        cause: 'invalid_order',
        reason: 'The order has no delivery address: add one, then send it again.',
        partnerWords: [],
        ref: null,
        paymentLink: null,
      };
    } else {
      const printOrder: PrintOrder = {
        docRef: order.id,
        address: order.address,
        email: order.email,
        lines: order.lines,
      };
      try {
        result = await ctx.printPartner.submit(printOrder);
      } catch (error) {
        // An adapter reports the partner's failures in its result; a throw is a fault of ours
        // after the request may have left: the outcome is unknown.
        ctx.log.error({ err: error, orderId: job.orderId }, 'print partner adapter threw');
        result = { outcome: 'uncertain', reason: 'The shop hit an error while sending the order to the printer.' };
      }
    }
    await this.record(ctx, job, result);
  }

  /** Writes a submission's outcome, if the job is still this submission's. */
  private async record(ctx: AppContext, claimed: jobs.PrintJobRow, result: SubmitResult) {
    const mailed = await this.recordInTransaction(ctx, claimed, result).catch((error: unknown) => {
      // The partner's answer is in this log line only: the job stays submitting and goes to the
      // owner after the lease, who then finds the partner's reference here.
      ctx.log.error(
        {
          err: error,
          orderId: claimed.orderId,
          outcome: result.outcome,
          partnerRef: 'ref' in result ? result.ref : null,
        },
        'print outcome could not be recorded',
      );
      throw error;
    });
    if (result.outcome === 'accepted' || mailed) void ctx.mailWorker.kick();
  }

  private async recordInTransaction(
    ctx: AppContext,
    claimed: jobs.PrintJobRow,
    result: SubmitResult,
  ): Promise<boolean> {
    return ctx.database.db.transaction(async (tx) => {
      const job = await jobs.lockClaimedJob(tx, claimed);
      if (!job) {
        ctx.log.warn(
          { orderId: claimed.orderId, outcome: result.outcome },
          'print outcome arrived after its submission was taken over; not recorded',
        );
        return false;
      }
      switch (result.outcome) {
        case 'accepted':
          await jobs.updatePrintJob(tx, job.orderId, {
            state: 'submitted',
            partnerRef: result.ref,
            partnerState: 'submitted',
            problem: null,
            submittedAt: new Date(),
            costPence: result.cost?.totalPence ?? null,
            dispatchCostPence: result.cost?.dispatchPence ?? null,
            costCurrency: result.cost?.currency ?? null,
          });
          await ctx.flows.applyPrinterProgress(ctx, tx, job.orderId, {
            status: theStatusWhere('awaitsPrinter'),
            bookVaultRef: result.ref,
            trackingRef: null,
          });
          return false;
        case 'failed': {
          if (job.attempts >= MAX_PRINT_ATTEMPTS) {
            const problem = `The printer could not be reached after ${job.attempts} tries (${result.reason}). Send it again when the printer is back.`;
            await jobs.updatePrintJob(tx, job.orderId, { state: 'failed', problem });
            await tellOwner(ctx, tx, job.orderId, problem, null);
            return true;
          }
          const delay = printRetryDelayMs(job.attempts, this.retryBaseMs, result.retryAfterSeconds);
          await jobs.updatePrintJob(tx, job.orderId, {
            state: 'queued',
            problem: result.reason,
            nextAttemptAt: new Date(Date.now() + delay),
          });
          return false;
        }
        case 'manual':
          await jobs.updatePrintJob(tx, job.orderId, {
            state: 'failed',
            problem: 'The shop is set to send orders to the printer by hand.',
          });
          return false;
        default: {
          // refused, duplicate, uncertain: the owner decides.
          const ref = 'ref' in result ? result.ref : null;
          const problem =
            result.outcome === 'uncertain'
              ? `${result.reason} It is not known whether the printer received the order. ${CHECK_FIRST}`
              : result.reason;
          await jobs.updatePrintJob(tx, job.orderId, {
            state: 'failed',
            problem,
            partnerRef: ref,
            outcomeUnknown: result.outcome === 'uncertain',
          });
          await tellOwner(ctx, tx, job.orderId, problem, ref);
          return true;
        }
      }
    });
  }

  /** One pass over the open print orders that are due a look. */
  async pollDue(): Promise<number> {
    const ctx = this.ctx();
    if (ctx.printPartner.name === 'manual') return 0;
    let asked = 0;
    while (!this.stopping) {
      const due = await jobs.claimDuePolls(ctx.database.db, ctx.config.PRINT_PARTNER_POLL_SECONDS * 1000, 25);
      for (const job of due) {
        asked += 1;
        let status: PrintStatus;
        try {
          status = await ctx.printPartner.status(job.partnerRef ?? '');
        } catch (error) {
          const kind = error instanceof PrintPartnerError ? error.kind : 'unexpected';
          ctx.log.warn(
            { err: error, orderId: job.orderId, kind },
            'print partner could not tell the state of an order; asking again at the next poll',
          );
          continue;
        }
        await this.follow(ctx, job, status);
      }
      if (due.length < 25) return asked;
    }
    return asked;
  }

  private async follow(ctx: AppContext, job: jobs.PrintJobRow, status: PrintStatus) {
    const changed = await ctx.database.db.transaction(async (tx) => {
      const cost = status.cost
        ? {
            costPence: status.cost.totalPence,
            dispatchCostPence: status.cost.dispatchPence,
            costCurrency: status.cost.currency,
          }
        : {};
      await jobs.updatePrintJob(tx, job.orderId, {
        partnerState: status.state,
        partnerStatus: status.partnerStatus.slice(0, 200),
        ...cost,
      });
      if (status.state === 'dispatched' || status.state === 'delivered') {
        await jobs.fillTracking(tx, job.orderId, status.tracking.carrier, status.tracking.url);
        const inTransit = theStatusWhere('inTransit');
        const target = status.state === 'dispatched' ? inTransit : theStatusWhere('arrived');
        const trackingRef = status.tracking.number;
        // Delivered without a dispatch seen first: in transit (with its tracking mail), then arrived.
        let moved =
          target !== inTransit
            ? await ctx.flows.applyPrinterProgress(ctx, tx, job.orderId, {
                status: inTransit,
                bookVaultRef: null,
                trackingRef,
              })
            : false;
        moved =
          (await ctx.flows.applyPrinterProgress(ctx, tx, job.orderId, {
            status: target,
            bookVaultRef: null,
            trackingRef,
          })) || moved;
        return moved;
      }
      if (status.state === 'cancelled') {
        const problem = `The print partner cancelled this order (its status: ${status.partnerStatus}). It will not be printed unless it is sent again.`;
        await jobs.updatePrintJob(tx, job.orderId, { state: 'failed', problem });
        await tellOwner(ctx, tx, job.orderId, problem, job.partnerRef);
        return true;
      }
      return false;
    });
    if (changed) void ctx.mailWorker.kick();
  }
}

const CHECK_FIRST =
  'Look for the order number in the print partner’s portal before sending it again, so that it is not printed twice.';

/** The owner's mail about an order the printer could not take (in the caller's transaction). */
async function tellOwner(ctx: AppContext, tx: Db, orderId: string, problem: string, partnerRef: string | null) {
  await enqueueMail(tx, {
    to: ctx.config.SHOP_EMAIL,
    ...(await renderMail('printPartnerProblem', { orderId, problem, partnerRef }, ctx.config)),
  });
}
