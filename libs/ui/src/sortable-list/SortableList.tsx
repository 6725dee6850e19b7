import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import { Icon } from '../icon/Icon';
import { uiText } from '../text/ui-text';
import './SortableList.css';

export interface SortableListProps<T> {
  /** the items in their current order; position 1 is the first */
  items: readonly T[];
  /** a stable id per item */
  idOf: (item: T) => UniqueIdentifier;
  /** the item's name as announced to screen readers and shown on its drag handle's label */
  textOf: (item: T) => string;
  /** what a row shows after its position number (defaults to `textOf`) */
  renderItem?: (item: T) => ReactNode;
  /** the new order after a drop */
  onReorder: (items: T[]) => void;
  /** the list's accessible name */
  label: string;
  disabled?: boolean;
}

/**
 * A list reordered by dragging (pointer) or by keyboard (focus an item's handle, Space to pick it
 * up, arrows to move, Space to drop, Escape to cancel), numbered from 1. Each move is announced to
 * screen readers with the item's name and its position. Rows are memoised so a list of 999 stays
 * responsive while one item moves.
 */
export function SortableList<T>({
  items,
  idOf,
  textOf,
  renderItem,
  onReorder,
  label,
  disabled = false,
}: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => items.map(idOf), [items, idOf]);
  const indexOf = useCallback((id: UniqueIdentifier) => ids.indexOf(id), [ids]);
  const nameOf = useCallback(
    (id: UniqueIdentifier) => {
      const index = indexOf(id);
      const item = index >= 0 ? items[index] : undefined;
      return item === undefined ? String(id) : textOf(item);
    },
    [indexOf, items, textOf],
  );

  const instructions = useMemo<ScreenReaderInstructions>(
    () => ({
      draggable: uiText(
        'To pick up an item, press Space or Enter. While dragging, use the up and down arrow keys to move it. Press Space or Enter again to drop it in its new position, or Escape to cancel.',
      ),
    }),
    [],
  );
  const announcements = useMemo<Announcements>(() => {
    const place = (id: UniqueIdentifier, at?: UniqueIdentifier) => ({
      name: nameOf(id),
      position: indexOf(at ?? id) + 1,
      count: ids.length,
    });
    return {
      onDragStart: ({ active }) =>
        uiText('Picked up {name}. It is in position {position} of {count}.', place(active.id)),
      onDragOver: ({ active, over }) =>
        over
          ? uiText('{name} was moved into position {position} of {count}.', place(active.id, over.id))
          : uiText('{name} is no longer over the list.', { name: nameOf(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? uiText('{name} was dropped into position {position} of {count}.', place(active.id, over.id))
          : uiText('{name} was dropped.', { name: nameOf(active.id) }),
      onDragCancel: ({ active }) =>
        uiText('Moving was cancelled. {name} was dropped back in position {position} of {count}.', place(active.id)),
    };
  }, [ids.length, indexOf, nameOf]);

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      if (!over || active.id === over.id) return;
      const from = indexOf(active.id);
      const to = indexOf(over.id);
      if (from < 0 || to < 0) return;
      onReorder(arrayMove([...items], from, to));
    },
    [indexOf, items, onReorder],
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol className="rl-sortable" aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={ids[index]} id={ids[index]!} position={index + 1} name={textOf(item)} disabled={disabled}>
              {renderItem ? renderItem(item) : textOf(item)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface SortableRowProps {
  id: UniqueIdentifier;
  position: number;
  name: string;
  disabled: boolean;
  children: ReactNode;
}

const SortableRow = memo(function SortableRow({ id, position, name, disabled, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      className={['rl-sortable__item', isDragging ? 'rl-sortable__item--dragging' : ''].filter(Boolean).join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="sortable-item"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="rl-sortable__handle"
        aria-label={uiText('Move {name}, position {position}', { name, position })}
        {...attributes}
        {...listeners}
      >
        <Icon name="grip" />
      </button>
      <span className="rl-sortable__position" aria-hidden="true">
        {position}
      </span>
      <span className="rl-sortable__content">{children}</span>
    </li>
  );
});
