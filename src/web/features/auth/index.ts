/** What other parts of the app use of accounts: the layout's effects of the mailed links and the verification reminder. */
export { AccountQueryEffects } from './AccountQueryEffects';
export { VerificationReminder } from './VerificationReminder';
