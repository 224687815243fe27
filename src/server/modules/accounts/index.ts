/** Accounts: sign-up, sign-in (two-step for admins), e-mail verification, password reset, social sign-in, and the session versions the permission layer checks. */
export { accountRoutes } from './routes';
export { SessionVersions, sessionVersionsOf } from './session-versions';
export { addressProven, afterAddressProof, type AddressProof } from './address-proof';
export {
  privacyRoutes,
  accountForExport,
  deleteAccount,
  deleteUnverifiedUnusedAccounts,
  emailHash,
  recordPrivacyRequest,
} from './privacy';
export { findUserByEmail, findUserById, type UserRow } from './repository';
