/**
 * The print partner the configuration names (PRINT_PARTNER, resolved in config.ts: bookvault when
 * BOOKVAULT_API_KEY is set, else simulated; or manual). See ./partner.ts and decision 111.
 */
import type { Config } from '../../config';
import { bookVaultPrintPartner } from './bookvault';
import { manualPrintPartner } from './manual';
import type { PrintPartner, PrintPartnerLog } from './partner';
import { simulatedPrintPartner } from './simulated';

export type {
  CancelResult,
  PrintCost,
  PrintOrder,
  PrintOrderLine,
  PrintPartner,
  PrintPartnerLog,
  PrintPartnerName,
  PrintState,
  PrintStatus,
  RefusalCause,
  SubmitResult,
  Tracking,
} from './partner';
export { PrintPartnerError } from './partner';

export interface PrintPartnerOptions {
  /** Where an unknown partner status is reported (the app's logger). */
  log?: PrintPartnerLog;
  /** The simulated printer's clock (ms since the epoch); tests move it. */
  now?: () => number;
  /** The simulated printer's tracking link for a made-up number (default: a clearly fake address). */
  simulatedTrackingUrl?: (trackingNumber: string) => string;
  /** BookVault's time limit per call (default 30 s). */
  timeoutMs?: number;
}

export function createPrintPartner(config: Config, options: PrintPartnerOptions = {}): PrintPartner {
  switch (config.PRINT_PARTNER) {
    case 'bookvault':
      // config.ts refuses PRINT_PARTNER=bookvault without a key; this only keeps the type honest.
      if (!config.BOOKVAULT_API_KEY) throw new Error('BOOKVAULT_API_KEY is required when PRINT_PARTNER is bookvault.');
      return bookVaultPrintPartner({
        apiKey: config.BOOKVAULT_API_KEY,
        apiUrl: config.BOOKVAULT_API_URL,
        payMethod: config.BOOKVAULT_PAY_METHOD,
        dispatchService: config.BOOKVAULT_DISPATCH_SERVICE,
        timeoutMs: options.timeoutMs,
        log: options.log,
      });
    case 'simulated':
      return simulatedPrintPartner({
        stepSeconds: config.SIMULATED_PRINTER_STEP_SECONDS,
        now: options.now,
        trackingUrl: options.simulatedTrackingUrl,
      });
    case 'manual':
      return manualPrintPartner();
  }
}
