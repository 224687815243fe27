/** Footer: 'Stay in Touch' (social profiles), credits, and 'Quick Links'. */
import { LinkItems, type LinkList } from '../components/LinkItems';
import { clientConfig } from '../lib/config';
import styles from './Footer.module.css';

const SOCIAL = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'tiktok', label: 'TikTok' },
] as const;

const QUICK_LINKS: LinkList = [
  ['/about', 'About Us'],
  ['/contact', 'Contact'],
  ['/privacy', 'Privacy'],
  ['/terms', 'Terms'],
];

export function Footer() {
  const { links, shopName } = clientConfig;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className={styles.heading}>
            Stay in Touch
          </h2>
          <ul className={styles.social}>
            {SOCIAL.map(({ key, label }) => {
              const link = links[key];
              // A profile the shop has not set is left out, never a dead link.
              return link ? (
                <li key={key}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={styles.socialLink}
                    data-label={link.name}
                    title={link.name}
                  >
                    {label}
                    <span className="visually-hidden"> ({link.name}, opens in a new tab)</span>
                  </a>
                </li>
              ) : null;
            })}
          </ul>
        </section>
        <section aria-labelledby="footer-credits">
          <h2 id="footer-credits" className={styles.heading}>
            {shopName}
          </h2>
          <p className={styles.small}>
            © {new Date().getFullYear()} {shopName}. All rights reserved.
          </p>
          {links.developer && (
            <p className={styles.small}>
              Website by{' '}
              <a href={links.developer.url} target="_blank" rel="noopener noreferrer">
                {links.developer.name}
              </a>
            </p>
          )}
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            Quick Links
          </h2>
          <ul className={styles.quick}>
            <LinkItems links={QUICK_LINKS} />
          </ul>
        </section>
      </div>
    </footer>
  );
}
