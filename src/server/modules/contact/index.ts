/** The contact form: messages to the shop, kept and mailed. */
export { contactRoutes } from './routes';
