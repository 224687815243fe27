/** Placeholder: built by the accounts issue. */
export function CreateAccountForm() {
  return <section aria-label="CreateAccountForm" />;
}
