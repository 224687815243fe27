/**
 * Mail: the templates every mail is rendered from (`renderMail`), the outbox every module writes
 * its messages into (in its own transaction), the worker that delivers them, and the development
 * mailbox.
 */
export { mailboxRoutes } from './routes';
export { enqueueMail, MailWorker } from './outbox';
export { renderMail, type RenderConfig } from './render';
export { mailCovers } from './covers';
export type { OwnerOrderAlertKind } from './templates/refunds';
