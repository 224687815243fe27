/** Placeholder: built by the accounts issue. */
export function ChangePasswordForm() {
  return <section aria-label="ChangePasswordForm" />;
}
