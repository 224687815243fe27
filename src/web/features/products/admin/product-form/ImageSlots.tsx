/**
 * Six image slots re-ordered by drag and drop (@hello-pangea/dnd, whose defaults are the spec's:
 * mouse after 5 px, touch after a 120 ms press, keyboard space to lift and drop, arrows to move,
 * escape to cancel; a drop outside changes nothing). Each slot has its own grip as drag handle,
 * so the file picker and 'remove' inside stay ordinary controls.
 *
 * Where the six fit side by side (ROW_QUERY) they are the spec's horizontal row; narrower (a
 * phone), a compact list down the page, one line per slot, so that all six are reached by
 * scrolling the page as usual. Either way the slots fit in the window.
 *
 * The drag auto-scrolls only when the slots do not fit in the window (a very short window). The
 * library scrolls the window whenever the dragged slot is within 25% of the window's height from
 * its top or bottom edge, whatever the list's direction and however far the list is, so a slot
 * dragged in a row low in the window started the page moving at once, carried the row away
 * under it, and was dropped somewhere else or nowhere (issue 18). When all six are in view there
 * is nothing to scroll to (decision 091).
 */
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { useRef, useSyncExternalStore, type ChangeEvent } from 'react';
import { srcSetFor } from '@shared/images';
import type { ImageSlot } from './slots';
import styles from './ImageSlots.module.css';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
/** From this width the six slots stand in one row (the same width as ImageSlots.module.css's). */
const ROW_QUERY = '(min-width: 900px)';

function subscribeToRowQuery(onChange: () => void) {
  const query = window.matchMedia(ROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True where the six slots fit in one row. */
function useSlotsInARow(): boolean {
  return useSyncExternalStore(
    subscribeToRowQuery,
    () => window.matchMedia(ROW_QUERY).matches,
    () => true,
  );
}

interface ImageSlotsProps {
  slots: ImageSlot[];
  disabled?: boolean;
  onPick(index: number, file: File): void;
  onRemove(index: number): void;
  onMove(from: number, to: number): void;
}

export function ImageSlots({ slots, disabled = false, onPick, onRemove, onMove }: ImageSlotsProps) {
  const onDragEnd = (result: DropResult) => {
    if (!result.destination) return; // dropped outside: nothing changes
    onMove(result.source.index, result.destination.index);
  };
  const inARow = useSlotsInARow();
  const list = useRef<HTMLOListElement | null>(null);
  // Read by the library on every frame of a drag (it spreads the object, calling the getter).
  const autoScrollerOptions = {
    get disabled() {
      return !list.current || list.current.getBoundingClientRect().height <= window.innerHeight;
    },
  };
  const picked = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(index, file);
  };

  return (
    <DragDropContext onDragEnd={onDragEnd} autoScrollerOptions={autoScrollerOptions}>
      <Droppable droppableId="image-slots" direction={inARow ? 'horizontal' : 'vertical'}>
        {(drop) => (
          <ol
            className={`${styles.slots} ${inARow ? styles.row : styles.column}`}
            ref={(element) => {
              drop.innerRef(element);
              list.current = element;
            }}
            {...drop.droppableProps}
            aria-label="Image slots (first is the main image)"
          >
            {slots.map((slot, index) => (
              <Draggable key={slot.id} draggableId={slot.id} index={index} isDragDisabled={disabled}>
                {(drag, snapshot) => (
                  <li
                    ref={drag.innerRef}
                    {...drag.draggableProps}
                    className={`${styles.slot} ${slot.url ? styles.filled : ''} ${snapshot.isDragging ? styles.dragging : ''}`}
                    data-testid="image-slot"
                  >
                    <div className={styles.top}>
                      <span className={styles.number}>
                        {index === 0 ? 'Main' : index === 1 ? 'Hover' : `Image ${index + 1}`}
                      </span>
                      <span
                        {...drag.dragHandleProps}
                        className={styles.grip}
                        aria-label={`Move image slot ${index + 1}${slot.url ? '' : ' (empty)'}`}
                        title="Drag to reorder (or focus and press space, then the arrow keys)"
                      >
                        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                          <circle cx="9" cy="6" r="1.6" />
                          <circle cx="15" cy="6" r="1.6" />
                          <circle cx="9" cy="12" r="1.6" />
                          <circle cx="15" cy="12" r="1.6" />
                          <circle cx="9" cy="18" r="1.6" />
                          <circle cx="15" cy="18" r="1.6" />
                        </svg>
                      </span>
                    </div>
                    {slot.url ? (
                      <>
                        <img
                          className={styles.preview}
                          src={slot.url}
                          srcSet={slot.isTemporary ? undefined : srcSetFor(slot.url)}
                          sizes="164px"
                          alt={`Image ${index + 1}${slot.file ? `: ${slot.file.name}` : ''}`}
                          draggable={false}
                        />
                        <div className={styles.controls}>
                          <label className={styles.replace}>
                            Replace<span className="visually-hidden"> image {index + 1}</span>
                            <input
                              type="file"
                              accept={ACCEPT}
                              className="visually-hidden"
                              onChange={picked(index)}
                              disabled={disabled}
                            />
                          </label>
                          <button
                            type="button"
                            className={styles.remove}
                            onClick={() => onRemove(index)}
                            disabled={disabled}
                          >
                            remove<span className="visually-hidden"> image {index + 1}</span>
                          </button>
                        </div>
                      </>
                    ) : (
                      <label className={styles.add}>
                        <span aria-hidden="true" className={styles.plus}>
                          +
                        </span>
                        Add Image<span className="visually-hidden"> {index + 1}</span>
                        <input
                          type="file"
                          accept={ACCEPT}
                          className="visually-hidden"
                          onChange={picked(index)}
                          disabled={disabled}
                        />
                      </label>
                    )}
                  </li>
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </ol>
        )}
      </Droppable>
    </DragDropContext>
  );
}
