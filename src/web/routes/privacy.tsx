/** Privacy policy (a static page). */
import { PrivacyPage } from '../features/pages/PrivacyPage';
import { titledPage } from './meta';

export const meta = titledPage('Privacy policy');
export const handle = { pageCache: true };

export default PrivacyPage;
