import type { ReactElement } from 'react';
import type { Shop } from './shop';

/** One mail: its subject and its body (a complete MailLayout); HTML and text are rendered from the body. */
export interface MailTemplate<Data> {
  subject(data: Data, shop: Shop): string;
  body(data: Data, shop: Shop): ReactElement;
  /** A marketing mail (offers): sent with List-Unsubscribe. */
  marketing?: boolean;
}
