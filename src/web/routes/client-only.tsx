/**
 * Pages that show what only the browser knows (the session, a stored basket): the server sends
 * the shop's frame with a loading state and the browser renders the page once it has started
 * (React Router's `clientLoader.hydrate` with a `HydrateFallback`; decision 114).
 */
import { Spinner } from '../components/Spinner';

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <main className="page">
      <Spinner label="Loading" />
    </main>
  );
}
