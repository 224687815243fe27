/**
 * The transient banner: every message shows for the spec's 3000 ms (BANNER_MS), none longer or
 * shorter (decision 096). `action` cart opens /cart when clicked, love opens /wishlist; error and
 * success only inform.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { BANNER_MS } from '@shared/constants';

type BannerAction = 'error' | 'success' | 'cart' | 'love';

export interface BannerMessage {
  content: string;
  action: BannerAction;
  product?: string;
}

interface BannerContextValue {
  message: BannerMessage | null;
  show(message: BannerMessage): void;
  clear(): void;
}

const BannerContext = createContext<BannerContextValue | null>(null);

export function BannerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setMessage(null);
  }, []);

  const show = useCallback((next: BannerMessage) => {
    // A new object each time: the same message shown again starts its time again.
    setMessage({ ...next });
  }, []);

  // The time runs from when the message is on screen, not from when it was asked for: a message
  // shown while a navigation is loading appears with it, and still stays BANNER_MS.
  useEffect(() => {
    if (!message) return;
    timer.current = setTimeout(() => setMessage(null), BANNER_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [message]);

  const value = useMemo(() => ({ message, show, clear }), [message, show, clear]);
  return <BannerContext.Provider value={value}>{children}</BannerContext.Provider>;
}

export function useBanner(): BannerContextValue {
  const value = useContext(BannerContext);
  if (!value) throw new Error('useBanner needs <BannerProvider>');
  return value;
}
