/**
 * The daily retention job's schedule (issue 28, decision 146): every instance looks every hour;
 * the one that moves `retention_next_at` a day forward runs the job (flows/apply-retention.ts,
 * through ctx.flows), as backups elect their instance (decision 134). The job itself is safe to
 * run twice. A failed run is tried again within the hour.
 */
import type { AppContext } from '../../context';
import { ElectedJob } from './elected-job';

export class Retention extends ElectedJob {
  constructor(ctx: () => AppContext) {
    super(ctx, {
      key: 'retention_next_at',
      everyMs: 24 * 3600 * 1000,
      lookEveryMs: 3600 * 1000,
      name: 'the retention job',
      run: (app) => app.flows.applyRetention(app),
    });
  }
}

/**
 * Refunds the payment provider has not answered (decision 158): every instance looks every
 * minute; one in five minutes asks the provider again (flows/refund-order.ts), with the same
 * idempotency key, so each is made once.
 */
export class RefundCheck extends ElectedJob {
  constructor(ctx: () => AppContext) {
    super(ctx, {
      key: 'refund_check_next_at',
      everyMs: 5 * 60 * 1000,
      lookEveryMs: 60 * 1000,
      name: 'the check of unanswered refunds',
      run: (app) => app.flows.resumeUnansweredRefunds(app),
    });
  }
}
