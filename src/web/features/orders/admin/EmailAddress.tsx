/**
 * A customer's e-mail address, read as one piece (decision 091). It stays on one line where it
 * fits; where it does not (a long address in a phone's card), it may wrap only before a dot or
 * after a hyphen, an underscore or a plus, inside the name or the domain, and never next to the
 * @: a line never ends or starts with the @, which stays between its two neighbours. A single
 * piece longer than the line breaks inside only as a last resort (the style's
 * `overflow-wrap: break-word`).
 */
import { Fragment } from 'react';

/** The address cut where a line may end: before a dot, after - _ +, never beside the @. */
export function emailPieces(email: string): string[] {
  const at = email.lastIndexOf('@');
  const starts = new Set<number>();
  for (let i = 0; i < email.length; i += 1) {
    const char = email[i]!;
    if (char === '.') starts.add(i);
    else if (char === '-' || char === '_' || char === '+') starts.add(i + 1);
  }
  const cuts = [...starts]
    .filter((start) => start > 0 && start < email.length && (at < 0 || (start !== at && start !== at + 1)))
    .sort((a, b) => a - b);
  return [0, ...cuts].map((start, index) => email.slice(start, cuts[index] ?? email.length));
}

export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const pieces = emailPieces(email);
  return (
    <span className={className} translate="no">
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
