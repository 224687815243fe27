/**
 * An admin list's search box whose text lives in the address (`?q=`): it asks once typing pauses
 * (or at once on Enter), and shows the address's text again when the address changes by other
 * means (Back, a link, Clear). Used by the orders overview and the admin's product list.
 */
import { useEffect, useState } from 'react';
import page from '../styles/admin.module.css';

/** How long the search waits after the last key before it asks. */
export const SEARCH_PAUSE_MS = 300;

interface SearchFieldProps {
  /** The search the address holds. */
  q: string;
  onSearch(q: string): void;
  id: string;
  label: string;
  placeholder: string;
  maxLength: number;
  className?: string;
}

export function SearchField({ q, onSearch, id, label, placeholder, maxLength, className }: SearchFieldProps) {
  const [text, setText] = useState(q);
  const [shown, setShown] = useState(q);
  if (q !== shown) {
    // the address changed by other means (Back, a link, Clear): show its search
    setShown(q);
    setText(q);
  }
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === shown) return;
    const timer = setTimeout(() => {
      setShown(wanted);
      onSearch(wanted);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, shown, onSearch]);

  return (
    <div className={className ? `${page.field} ${className}` : page.field}>
      <label className={page.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={page.input}
        type="search"
        value={text}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches at once
          if (event.key !== 'Enter') return;
          setShown(text.trim());
          onSearch(text.trim());
        }}
      />
    </div>
  );
}
