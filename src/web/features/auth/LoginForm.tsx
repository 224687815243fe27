/** Placeholder: built by the accounts issue. */
export function LoginForm() {
  return <section aria-label="LoginForm" />;
}
