/** The codes sent and their revoke, a section of the owner's dashboard (the route modules load this feature's pages by their path). */
export { DiscountCodes } from './admin/DiscountCodes';
