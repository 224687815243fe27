import { Outlet } from 'react-router';
import { BannerView } from '../components/BannerView';
import { AccountQueryEffects, VerificationReminder } from '../features/accounts';
import { BasketPanel } from '../features/cart';
import { useLiveUpdates } from '../lib/live-updates';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';

export function Layout() {
  useLiveUpdates();
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#content">
        Skip to content
      </a>
      <Header />
      <AccountQueryEffects />
      <VerificationReminder />
      {/* After the account strips, so a message never covers the strip it is about (decision 136). */}
      <div className={styles.bannerSlot}>
        <BannerView />
      </div>
      <div id="content" className={styles.content}>
        <Outlet />
      </div>
      <Footer />
      <BasketPanel />
    </div>
  );
}
