/**
 * The welcome picture (a stack of books beside a mug and a pencil), drawn inline so it paints in
 * the page's first frame without a request of its own. Decorative: the banner's text says it all.
 */
export function WelcomeArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 480 320" width={480} height={320} aria-hidden="true" focusable="false">
      <circle cx="380" cy="80" r="46" fill="#f6d9b8" />
      <rect x="40" y="262" width="400" height="14" rx="4" fill="#b9a58c" />
      <rect x="90" y="222" width="230" height="40" rx="5" fill="#7a2e12" />
      <rect x="100" y="232" width="210" height="4" fill="#f6d9b8" />
      <rect x="110" y="186" width="200" height="36" rx="5" fill="#1f5f5b" />
      <rect x="122" y="198" width="70" height="12" rx="3" fill="#dcefed" />
      <rect x="80" y="150" width="215" height="36" rx="5" fill="#b7791f" />
      <rect x="92" y="160" width="190" height="4" fill="#fbf6ee" />
      <rect x="92" y="170" width="120" height="4" fill="#fbf6ee" />
      <rect x="120" y="118" width="165" height="32" rx="5" fill="#5e4f42" />
      <rect x="135" y="129" width="60" height="10" rx="3" fill="#f3e9da" />
      <rect x="140" y="96" width="120" height="22" rx="4" fill="#a61b1b" />
      <rect x="150" y="104" width="50" height="6" rx="2" fill="#fbf6ee" />
      <rect x="345" y="196" width="56" height="66" rx="8" fill="#fff" stroke="#2b2118" strokeWidth="4" />
      <path d="M401 212h12a12 12 0 0 1 0 24h-12" fill="none" stroke="#2b2118" strokeWidth="4" />
      <path d="M360 186c0-10 8-10 8-20M376 186c0-10 8-10 8-20" stroke="#b9a58c" strokeWidth="3" fill="none" strokeLinecap="round" />
      <rect x="330" y="248" width="110" height="8" rx="4" transform="rotate(-8 385 252)" fill="#b7791f" />
      <path d="M438 236l12 2-10 7z" fill="#2b2118" />
    </svg>
  );
}
