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

export function readJson<T>(key: string, fallback: T): T {
  try {
    const text = localStorage.getItem(key);
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
    return localStorage.getItem(key);
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
