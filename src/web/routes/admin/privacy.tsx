/** Admin: Privacy requests (issue 28). */
import { PrivacyRequestsPage } from '../../features/accounts/admin/PrivacyRequestsPage';
import { titledPage } from '../meta';

export const meta = titledPage('Privacy requests', { noindex: true });

export default PrivacyRequestsPage;
