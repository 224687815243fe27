/** Accounts and privacy: the account's part of an export and an erasure, the retention of unused accounts, the audit list. */
export { privacyRoutes } from './routes';
export {
  accountForExport,
  deleteAccount,
  deleteUnverifiedUnusedAccounts,
  emailHash,
  privacyRequestList,
  recordPrivacyRequest,
} from './repository';
