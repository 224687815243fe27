/** Privacy policy (a static page). */
import { PrivacyPage } from '../app/PrivacyPage';
import { titledPage } from './meta';

export const meta = titledPage('Privacy policy');
export const handle = { pageCache: true };

export default PrivacyPage;
