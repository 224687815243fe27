/** Admin: Books by spreadsheet (the catalogue's export and import). */
import { SpreadsheetPage } from '../../features/products/admin/transfer/SpreadsheetPage';
import { titledPage } from '../meta';

export const meta = titledPage('Books by spreadsheet', { noindex: true });

export default SpreadsheetPage;
