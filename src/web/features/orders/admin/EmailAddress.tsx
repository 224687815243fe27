/**
 * A customer's e-mail address. It stays on one line where it fits; where it does not (a long
 * address in a phone's card), it wraps before the @, so that the domain stays whole, and only then
 * inside a part.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className={className} translate="no">
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
