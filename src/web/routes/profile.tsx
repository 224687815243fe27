/** The signed-in shopper's profile (and its change-password form): rendered in the browser, which holds the session. */
import { RequireUser } from '../app/guards';
import { ProfilePasswordPanel, VerificationStatus } from '../features/accounts/ProfileAccount';
import { OrderHistory } from '../features/orders/OrderHistory';
import { ProfilePage } from '../features/accounts/ProfilePage';
import { PrivacyPanel } from '../features/accounts/PrivacyPanel';
import { titledPage } from './meta';

export { clientLoader, HydrateFallback } from './client-only';
export const meta = titledPage('Your account', { noindex: true });

export default function Profile() {
  return (
    <RequireUser>
      <ProfilePage
        verification={<VerificationStatus />}
        changePassword={<ProfilePasswordPanel />}
        orderHistory={<OrderHistory />}
        privacy={<PrivacyPanel />}
      />
    </RequireUser>
  );
}
