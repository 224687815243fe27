/** The shop's frame around every page: header, banners, footer, live product updates. */
export { Layout as default } from '../app/Layout';
