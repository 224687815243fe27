/**
 * The product form's six image slots (spec: "Image slot: file, url, isTemporary; exactly 6").
 * Pure functions, so the rules are unit-tested without a browser. `id` is stable for each slot
 * object so drag and drop keeps track of it while the order changes.
 */
import { PRODUCT_IMAGE_SLOTS } from '@shared/constants';

export interface ImageSlot {
  id: string;
  /** A file the admin picked (new image), or null for an image already on the product. */
  file: File | null;
  /** Preview address: a blob: URL for a picked file, the image address for an existing one, null when empty. */
  url: string | null;
  /** true when `url` is a blob: URL this page made (and must revoke). */
  isTemporary: boolean;
}

let counter = 0;
const nextId = () => `slot-${(counter += 1)}`;

const emptySlot = (): ImageSlot => ({ id: nextId(), file: null, url: null, isTemporary: false });

export const emptySlots = (): ImageSlot[] => Array.from({ length: PRODUCT_IMAGE_SLOTS }, emptySlot);

/** Slots for a product's existing images, in order, padded with empty slots to six. */
export function slotsFromUrls(urls: readonly string[]): ImageSlot[] {
  const slots = emptySlots();
  urls.slice(0, PRODUCT_IMAGE_SLOTS).forEach((url, index) => {
    slots[index] = { ...slots[index]!, url };
  });
  return slots;
}

export function withFile(slots: readonly ImageSlot[], index: number, file: File, previewUrl: string): ImageSlot[] {
  return slots.map((slot, i) => (i === index ? { id: slot.id, file, url: previewUrl, isTemporary: true } : slot));
}

export function withoutImage(slots: readonly ImageSlot[], index: number): ImageSlot[] {
  return slots.map((slot, i) => (i === index ? { ...emptySlot(), id: slot.id } : slot));
}

/** Moves the slot at `from` to `to`; the others shift. Out-of-range moves change nothing. */
export function moveSlot(slots: readonly ImageSlot[], from: number, to: number): ImageSlot[] {
  if (from === to || from < 0 || to < 0 || from >= slots.length || to >= slots.length) return [...slots];
  const next = [...slots];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

const isFilled = (slot: ImageSlot) => slot.url !== null;

/** The filled slots in their on-screen order: what is sent as `images`. */
export const filledSlots = (slots: readonly ImageSlot[]) => slots.filter(isFilled);
