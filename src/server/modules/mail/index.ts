/** Mail: the outbox every module writes its messages into (in its own transaction), the worker that delivers them, and the development mailbox. */
export { mailboxRoutes } from './routes';
export { enqueueMail, MailWorker } from './outbox';
