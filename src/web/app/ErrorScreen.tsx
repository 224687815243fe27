import * as MSG from '@shared/messages-every-page';
import { Link } from 'react-router';

/** The render error screen ('Unexpected Application Error!'). */
export function ErrorScreen() {
  return (
    <main className="page page-message">
      <h1>{MSG.unexpectedError}</h1>
      <p>Sorry, this page could not be shown. Please reload, or go back to the shop.</p>
      <p>
        <Link to="/" reloadDocument>
          Back to the shop
        </Link>
      </p>
    </main>
  );
}
