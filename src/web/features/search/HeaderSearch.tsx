/** Placeholder: built by the storefront issue (expanding search box with results). */
export function HeaderSearch() {
  return null;
}
