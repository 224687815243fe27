/** Local storage with JSON and no throwing (private mode, full quota, bad data). */
export const STORAGE_KEYS = {
  token: 'token',
  adminVerificationToken: 'adminVerificationToken',
  guestCart: 'cart',
  cookiesAccepted: 'cookiesAccepted',
  products: 'products',
  /** The signed-in shopper's wishlist, `{ userId, entries }` (features/wishlist/wishlist.ts). */
  wishlist: 'wishlist',
} as const;

/**
 * The browser's storage, or null where there is none: the server's renders read the same code,
 * and a missing `localStorage` answered by a thrown ReferenceError costs every render a stack trace.
 */
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function readJson<T>(key: string, fallback: T): T {
  try {
    const text = storage()?.getItem(key) ?? null;
    return text === null ? fallback : (JSON.parse(text) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or unavailable: the page keeps working from memory */
  }
}

export function readText(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeText(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* ignore */
  }
}
