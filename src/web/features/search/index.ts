/** The header's search box. */
export { HeaderSearch } from './HeaderSearch';
