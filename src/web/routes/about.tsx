/** About (a static page). */
import { AboutPage } from '../app/AboutPage';
import { titledPage } from './meta';

export const meta = titledPage('About');
export const handle = { pageCache: true };

export default AboutPage;
