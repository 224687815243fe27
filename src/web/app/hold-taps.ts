/**
 * A server-rendered page shows its buttons before the app's code has started (decision 090, 114).
 * Until it has (the app sets <html data-hydrated>), a click on a button, a checkbox or a radio is
 * held and made again once the app answers, so a shopper who taps "Add to Cart" while the page is
 * still loading is not ignored. Links need no help: they work without the app.
 *
 * Written into the page as an inline script (root.tsx); its hash is in the page's
 * Content-Security-Policy like React Router's own scripts (src/server/modules/web/pages.ts).
 */
function holdTaps(): void {
  const root = document.documentElement;
  const hydrated = () => root.hasAttribute('data-hydrated');
  let held: HTMLElement[] = [];
  const hold = (event: Event) => {
    const target = event.target as Element | null;
    if (hydrated() || !target?.closest) return;
    const control = target.closest<HTMLElement>('button, [role="button"], input[type="checkbox"], input[type="radio"]');
    if (!control || (control as HTMLButtonElement).disabled) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(control);
  };
  document.addEventListener('click', hold, true);
  new MutationObserver((_records, observer) => {
    if (!hydrated()) return;
    observer.disconnect();
    document.removeEventListener('click', hold, true);
    const controls = held;
    held = [];
    for (const control of controls) if (control.isConnected) control.click();
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
}

/** The script's text, run as soon as the parser meets it (a function: the browser's bundle, which never calls it, leaves it out). */
export function holdTapsScript(): string {
  return `(${holdTaps.toString()})();`;
}
