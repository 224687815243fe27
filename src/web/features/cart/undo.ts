/**
 * How long the cart page offers a removed line back (decision 098): long enough to notice and
 * press Undo, short enough that the list settles. The row is held while the pointer or keyboard
 * focus is on it.
 */
export const UNDO_MS = 8000;
