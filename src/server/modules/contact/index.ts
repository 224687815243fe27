/** The contact form: messages to the shop, kept and mailed. */
export { contactRoutes } from './routes';
export { contactMessagesForExport, deleteContactMessagesBefore, deleteContactMessagesFrom } from './privacy';
