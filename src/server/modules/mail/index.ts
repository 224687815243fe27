/**
 * Mail: the templates every mail is rendered from (`renderMail`), the outbox every module writes
 * its messages into (in its own transaction), the worker that delivers them, and the development
 * mailbox.
 */
export { mailboxRoutes } from './routes';
export { enqueueMail, MailWorker } from './outbox';
export {
  renderMail,
  renderMailHere,
  renderMailsOn,
  type MailName,
  type RenderConfig,
  type RenderedMail,
} from './render';
export { mailCovers } from './covers';
export { deleteMailBefore, ERASED, mailsForExport, scrubAddressFromOutbox } from './privacy';
export type { OwnerOrderAlertKind } from './templates/refunds';
