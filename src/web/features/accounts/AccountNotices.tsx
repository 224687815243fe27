/**
 * The layout's account parts, each loaded only when it has something to do (decision 124): the
 * handling of the mailed links' query parameters (AccountQueryEffects.tsx) when the address has
 * them, and the verification reminder (VerificationReminder.tsx) for a signed-in e-mail account.
 * Most visits are a guest's, whose pages need neither.
 */
import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import { useIsClient } from '../../lib/hydration';
import { useSession } from '../../lib/session';

const QueryEffects = lazy(() =>
  import('./AccountQueryEffects').then((module) => ({ default: module.AccountQueryEffects })),
);
const Reminder = lazy(() =>
  import('./VerificationReminder').then((module) => ({ default: module.VerificationReminder })),
);

/** The parameters the account mails' links bring (AccountQueryEffects.tsx). */
const LINK_PARAMETERS = ['verified', 'verify_admin'];

/**
 * Read in the browser only: the server renders a page without the parameters it does not read
 * (decision 131), so the page it keeps for `/` is also the one sent for `/?verified=true`.
 */
export function AccountQueryEffects() {
  const [params] = useSearchParams();
  const isClient = useIsClient();
  if (!isClient || !LINK_PARAMETERS.some((name) => params.has(name))) return null;
  return (
    <Suspense fallback={null}>
      <QueryEffects />
    </Suspense>
  );
}

export function VerificationReminder() {
  const { session } = useSession();
  if (!session || session.method !== null || session.role === 'admin') return null;
  return (
    <Suspense fallback={null}>
      <Reminder />
    </Suspense>
  );
}
