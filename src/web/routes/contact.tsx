/** Contact (a static page). */
import { ContactPage } from '../features/contact/ContactPage';
import { titledPage } from './meta';

export const meta = titledPage('Contact');
export const handle = { pageCache: true };

export default ContactPage;
