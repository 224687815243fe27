import { describe, expect, it } from 'vitest';
import { emptySlots, filledSlots, moveSlot, slotsFromUrls, withFile, withoutImage } from './slots';

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('image slots', () => {
  it('always has exactly six slots', () => {
    expect(emptySlots()).toHaveLength(6);
    expect(slotsFromUrls(['a', 'b'])).toHaveLength(6);
    expect(slotsFromUrls(['1', '2', '3', '4', '5', '6', '7']).map((slot) => slot.url)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
  });

  it('picking a file fills the slot with a temporary preview; remove empties it and keeps its place', () => {
    const slots = withFile(emptySlots(), 2, file('a.png'), 'blob:a');
    expect(slots[2]).toMatchObject({ url: 'blob:a', isTemporary: true });
    expect(filledSlots(slots)).toHaveLength(1);
    const removed = withoutImage(slots, 2);
    expect(removed[2]).toMatchObject({ url: null, file: null, id: slots[2]!.id });
  });

  it('moves a slot and shifts the others, in the order sent to the server', () => {
    const slots = slotsFromUrls(['a', 'b', 'c']);
    expect(moveSlot(slots, 0, 2).map((slot) => slot.url)).toEqual(['b', 'c', 'a', null, null, null]);
    expect(filledSlots(moveSlot(slots, 2, 0)).map((slot) => slot.url)).toEqual(['c', 'a', 'b']);
  });

  it('a move outside the slots changes nothing', () => {
    const slots = slotsFromUrls(['a', 'b']);
    expect(moveSlot(slots, 0, 6)).toEqual(slots);
    expect(moveSlot(slots, -1, 0)).toEqual(slots);
  });
});
