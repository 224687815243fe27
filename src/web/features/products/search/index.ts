/** The header's search box: an entry of its own, so the frame (on every page) does not load the products feature's entry (0.9 kB on the home page, decision 135). */
export { HeaderSearch } from './HeaderSearch';
