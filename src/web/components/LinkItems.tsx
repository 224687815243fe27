/** In-app links as list items (`<li><Link/></li>`), for the header's menu and the footer's Quick Links. */
import { Link } from 'react-router';

export type LinkList = readonly (readonly [to: string, label: string])[];

export function LinkItems({ links }: { links: LinkList }) {
  return links.map(([to, label]) => (
    <li key={to}>
      <Link to={to}>{label}</Link>
    </li>
  ));
}
