/** What other parts of the app use of accounts: the layout's effects of the mailed links and the verification reminder (each loaded when needed). */
export { AccountQueryEffects, VerificationReminder } from './AccountNotices';
