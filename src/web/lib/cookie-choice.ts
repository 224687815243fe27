/**
 * The shopper's answer to the cookie notice, known before the first paint (decision 136): the
 * notice is part of the server's page, in the page's flow, and a shopper who already accepted it
 * must never see it flash. An inline script in the document's head (root.tsx) marks <html> with
 * the attribute below when local storage holds the acceptance; the notice's CSS hides it then,
 * and the notice itself leaves the page once the app has started.
 */
import { STORAGE_KEYS } from './storage';

export const COOKIES_ACCEPTED_ATTRIBUTE = 'data-cookies-accepted';

/** The inline script's text (the server writes it; its hash goes into the page's CSP like every inline script's). */
export function cookieChoiceScript(): string {
  const key = JSON.stringify(STORAGE_KEYS.cookiesAccepted);
  const attribute = JSON.stringify(COOKIES_ACCEPTED_ATTRIBUTE);
  return `try{if(localStorage.getItem(${key})==='true')document.documentElement.setAttribute(${attribute},'')}catch(e){}`;
}

export function markCookiesAccepted(): void {
  document.documentElement.setAttribute(COOKIES_ACCEPTED_ATTRIBUTE, '');
}

export function cookiesAcceptedBeforePaint(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(COOKIES_ACCEPTED_ATTRIBUTE);
}
