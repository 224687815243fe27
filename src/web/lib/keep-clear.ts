/**
 * The floating layers' one rule (decision 136): a layer never covers what it is about. A layer that
 * opens along the window's top or bottom (the basket panel) names its subject: the control that
 * opened it, widened to its group (the closest `[data-keep-clear]`, such as a book page's buy box).
 * Controls that must never be covered while they are in view (`[data-never-cover]`, such as the
 * cookie notice's Accept) join the subject when they are in the window and the two fit together.
 *
 * If the subject is under the layer, first the layer moves aside: a card in a corner (wide screens)
 * takes the other corner (`data-side="left"`, styled by the layer's CSS). Where that does not help
 * (a sheet the window's width, on phones) the page moves aside: it scrolls just enough for the
 * subject to sit in the free band between the sticky header and the layer. While a layer sits
 * along the bottom, the page reserves its height below the footer (`--bottom-layer-space`), so
 * there is always room to scroll.
 */
const GAP = 12;
const BOTTOM_SPACE = '--bottom-layer-space';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The group the control belongs to, or the control itself. */
export function subjectOf(control: HTMLElement | null): HTMLElement | null {
  return control?.closest<HTMLElement>('[data-keep-clear]') ?? control;
}

const headerBottom = () => document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
const covers = (layer: Box, target: Box) =>
  target.left < layer.right && target.right > layer.left && target.top < layer.bottom && target.bottom > layer.top;
const union = (a: Box, b: Box): Box => ({
  top: Math.min(a.top, b.top),
  bottom: Math.max(a.bottom, b.bottom),
  left: Math.min(a.left, b.left),
  right: Math.max(a.right, b.right),
});
const inWindow = (box: Box) => box.top >= 0 && box.bottom <= window.innerHeight && box.bottom > box.top;

/** The subject's box, with every never-cover control now in the window, as long as they fit in `room` together. */
function targetBox(subject: HTMLElement | null, room: number): Box | null {
  let target: Box | null = subject?.isConnected ? subject.getBoundingClientRect() : null;
  for (const control of document.querySelectorAll<HTMLElement>('[data-never-cover]')) {
    const box = control.getBoundingClientRect();
    if (!inWindow(box)) continue;
    const joined = target ? union(target, box) : box;
    if (joined.bottom - joined.top <= room) target = joined;
  }
  return target;
}

/**
 * Keeps the subject out from under `layer` while the layer is open: checked at once and again
 * whenever either changes size (the panel's picture arrives, the buy box gains its "In your basket"
 * line). The page jumps rather than glides: a smooth scroll still under way would read as an
 * overlap and be added to. Returns the function that stops watching and gives the room back.
 */
export function keepClear(layer: HTMLElement, subject: HTMLElement | null): () => void {
  const root = document.documentElement;
  let reserved = false;
  const adjust = () => {
    let box = layer.getBoundingClientRect();
    const alongBottom = box.top > window.innerHeight / 2;
    const freeTop = () => (alongBottom ? headerBottom() : box.bottom) + GAP;
    const freeBottom = () => (alongBottom ? box.top : window.innerHeight) - GAP;
    const target = targetBox(subject, freeBottom() - freeTop());
    if (target && covers(box, target) && box.width < window.innerWidth / 2) {
      // The other corner, kept only if the subject is clear there.
      const before = layer.dataset.side;
      layer.dataset.side = before === 'left' ? 'right' : 'left';
      box = layer.getBoundingClientRect();
      if (covers(box, target)) {
        if (before) layer.dataset.side = before;
        else delete layer.dataset.side;
        box = layer.getBoundingClientRect();
      }
    }
    if (alongBottom) root.style.setProperty(BOTTOM_SPACE, `${Math.ceil(window.innerHeight - box.top + GAP)}px`);
    reserved = alongBottom;
    if (!target || !covers(box, target)) return;
    // Under a bottom layer: its bottom up to the band's bottom (its top to the band's top when it is taller); under a top layer: its top down to the band's top.
    const delta = alongBottom ? Math.min(target.bottom - freeBottom(), target.top - freeTop()) : target.top - freeTop();
    if (delta !== 0) window.scrollBy({ top: delta, behavior: 'instant' });
  };
  adjust();
  const observer = new ResizeObserver(adjust);
  observer.observe(layer);
  if (subject) observer.observe(subject);
  return () => {
    observer.disconnect();
    if (reserved) root.style.removeProperty(BOTTOM_SPACE);
  };
}
