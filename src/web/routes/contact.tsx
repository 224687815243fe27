/** Contact (a static page). */
import { ContactPage } from '../features/pages/ContactPage';
import { titledPage } from './meta';

export const meta = titledPage('Contact');
export const handle = { pageCache: true };

export default ContactPage;
