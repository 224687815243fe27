/** Report a problem with a sent order (issue 27): rendered in the browser, which holds the session or reads the mailed token. */
import { ReportProblemPage } from '../features/orders/ReportProblemPage';
import { titledPage } from './meta';

export { clientLoader, HydrateFallback } from './client-only';
export const meta = titledPage('Report a problem', { noindex: true });

export default ReportProblemPage;
