/** The owner's pages: admins only (anyone else goes to /), rendered in the browser, which holds the session. */
import { Outlet } from 'react-router';
import { RequireAdmin } from '../../app/guards';

export { clientLoader, HydrateFallback } from '../client-only';

export default function AdminLayout() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}
