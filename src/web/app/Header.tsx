/**
 * The header: logo, search, and the links for the visitor's role. Guests: Login. Users: cart,
 * wishlist, profile, logout. Admins: 'Admin' with Add Item, Orders, Discounts, Privacy requests and Sales (new tab);
 * their mobile menu lists those instead of a shopper's Wishlist and Profile.
 * On small screens a menu button opens the spec's mobile menu; an outside click closes it. The
 * shop's name shows at every width (on two lines on a phone if it must); on the narrowest screens
 * a signed-in shopper's Wishlist is reached from the menu, which lists it, to leave it room.
 * Log out is an icon with its name as a tooltip, shown on hover and on keyboard focus.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { BookIcon, CartIcon, CloseIcon, HeartIcon, LogoutIcon, MenuIcon, UserIcon } from '../components/icons';
import { LinkItems, type LinkList } from '../components/LinkItems';
import { useBasket } from '../features/cart';
import { HeaderSearch } from '../features/products/search';
import { clientConfig } from '../lib/config';
import { useSession } from '../lib/session';
import styles from './Header.module.css';

const HOME_LINK: LinkList = [['/', 'Home']];
const SHOPPER_MENU_LINKS: LinkList = [
  ['/wishlist', 'Wishlist'],
  ['/profile', 'Profile'],
];
const PAGE_LINKS: LinkList = [
  ['/about', 'About'],
  ['/contact', 'Contact'],
  ['/privacy', 'Privacy'],
];
const ADMIN_MENU_LINKS: LinkList = [
  ['/admin/add_product', 'Add Item'],
  ['/admin/orders', 'Orders'],
  ['/admin/discounts', 'Discounts'],
  ['/admin/reviews', 'Reviews'],
  ['/admin/privacy', 'Privacy requests'],
];

export function Header() {
  const { session, isAdmin, signOut } = useSession();
  const { count } = useBasket();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (menuRef.current && !menuRef.current.contains(event.target as Node)) setMenuOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  // Signed out on the way to the home page: a signed-in page's guard sends the visitor on to / too,
  // not to /login, if it sees the sign-out before the navigation lands (decision 168).
  const logout = () => {
    signOut('/');
    void navigate('/');
  };

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={`${clientConfig.shopName} home`}>
          <BookIcon width={28} height={28} />
          <span className={styles.logoText}>{clientConfig.shopName}</span>
        </Link>
        <div className={styles.search}>
          <HeaderSearch />
        </div>
        <nav className={styles.nav} aria-label="Account">
          {isAdmin ? (
            <>
              <Link className={styles.adminLabel} to="/admin">
                Admin
              </Link>
              {ADMIN_MENU_LINKS.map(([to, label]) => (
                <NavLink key={to} className={`${styles.textLink} ${styles.desktopOnly}`} to={to}>
                  {label}
                </NavLink>
              ))}
              <a
                className={`${styles.textLink} ${styles.desktopOnly}`}
                href={clientConfig.salesDashboardUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Sales
              </a>
            </>
          ) : (
            <>
              <NavLink
                className={styles.iconLink}
                to="/cart"
                aria-label={`Basket, ${count} ${count === 1 ? 'item' : 'items'}`}
              >
                <CartIcon />
                {count > 0 && <span className={styles.badge}>{count}</span>}
              </NavLink>
              {session && (
                <>
                  <NavLink className={`${styles.iconLink} ${styles.roomyOnly}`} to="/wishlist" aria-label="Wishlist">
                    <HeartIcon />
                  </NavLink>
                  <NavLink className={styles.iconLink} to="/profile" aria-label="Profile">
                    <UserIcon />
                  </NavLink>
                </>
              )}
            </>
          )}
          {session ? (
            <button
              type="button"
              className={`${styles.iconLink} ${styles.desktopOnly} ${styles.hasTip}`}
              onClick={logout}
              aria-label="Log out"
            >
              <LogoutIcon />
              <span className={styles.tip} aria-hidden="true">
                Log out
              </span>
            </button>
          ) : (
            <NavLink className={`${styles.textLink} ${styles.desktopOnly}`} to="/login">
              Login
            </NavLink>
          )}
          <div className={styles.menuWrap} ref={menuRef}>
            <button
              type="button"
              className={`${styles.iconLink} ${styles.menuButton}`}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </button>
            {menuOpen && (
              <ul id="mobile-menu" className={styles.menu}>
                <LinkItems links={HOME_LINK} />
                {isAdmin ? (
                  <>
                    <LinkItems links={ADMIN_MENU_LINKS} />
                    <li>
                      <a href={clientConfig.salesDashboardUrl} target="_blank" rel="noopener noreferrer">
                        Sales
                      </a>
                    </li>
                  </>
                ) : (
                  <LinkItems links={SHOPPER_MENU_LINKS} />
                )}
                <LinkItems links={PAGE_LINKS} />
                <li>
                  {session ? (
                    <button type="button" onClick={logout}>
                      Logout
                    </button>
                  ) : (
                    <Link to="/login">Login</Link>
                  )}
                </li>
              </ul>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
