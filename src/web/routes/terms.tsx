/** Terms of sale: cancelling, refunds, returns (a static page, issue 26). */
import { TermsPage } from '../app/TermsPage';
import { titledPage } from './meta';

export const meta = titledPage('Terms of sale', {
  description: 'Cancelling an order, refunds, returns, lost or damaged parcels and misprints.',
});
export const handle = { pageCache: true };

export default TermsPage;
