import { useState } from 'react';
import { Button, IconButton } from '../button/Button';
import { FieldShell, describedInputProps } from '../field/Field';
import { useFieldIds } from '../field/use-field-ids';
import { Icon } from '../icon/Icon';
import type { SelectOption } from '../select/types';
import { uiText } from '../text/ui-text';
import '../select/NativeSelectField.css';
import './OrderedListField.css';

export interface OrderedListItem {
  /** unique in the list, even when one choice is listed twice */
  key: string;
  text: string;
}

export interface OrderedListFieldProps {
  /** the field's name: the chooser's label and the list's name ("Participants") */
  label: string;
  name: string;
  /** what may be added; the chooser starts on none */
  options: readonly SelectOption[];
  /** the list, in order */
  items: readonly OrderedListItem[];
  onAdd: (value: string | number) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
  /** the Add button's text ("Add participant") */
  addText: string;
  errors?: readonly string[];
  hint?: string;
  emptyText?: string;
  /** no more may be added (a limit is reached) */
  full?: boolean;
  disabled?: boolean;
  required?: boolean;
}

const keyOf = (value: SelectOption['value']) => (value === null ? '' : `${typeof value}:${value}`);

/**
 * An ordered list the user builds: a choice and its Add button, then the list numbered from 1 with
 * each entry's Move up, Move down and Remove buttons (plain buttons: reachable and pressed from
 * the keyboard; the focus stays on a button as its entry moves). An entry listed twice is named
 * with its place.
 */
export function OrderedListField({
  label,
  name,
  options,
  items,
  onAdd,
  onMove,
  onRemove,
  addText,
  errors,
  hint,
  emptyText,
  full = false,
  disabled = false,
  required,
}: OrderedListFieldProps) {
  const ids = useFieldIds();
  const [chosen, setChosen] = useState('');
  const choices = options.filter((option) => option.value !== null);
  const picked = choices.find((option) => keyOf(option.value) === chosen);
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.text, (counts.get(item.text) ?? 0) + 1);
  const nameOf = (item: OrderedListItem, index: number) =>
    (counts.get(item.text) ?? 0) > 1 ? `${item.text} (${index + 1})` : item.text;

  return (
    <FieldShell ids={ids} label={label} errors={errors} hint={hint} required={required} className="rl-ordered-field">
      <div className="rl-ordered-field__chooser">
        <select
          className={['rl-input', 'rl-native-select', !picked && 'rl-native-select--placeholder']
            .filter(Boolean)
            .join(' ')}
          name={name}
          value={picked ? chosen : ''}
          disabled={disabled || full}
          onChange={(event) => setChosen(event.target.value)}
          {...describedInputProps(ids, errors, hint)}
        >
          <option value="">{uiText('Choose…')}</option>
          {choices.map((option) => (
            <option key={keyOf(option.value)} value={keyOf(option.value)} disabled={option.disabled}>
              {option.text}
            </option>
          ))}
        </select>
        <Button
          icon={<Icon name="plus" size={16} />}
          disabled={disabled || full || !picked}
          onClick={() => {
            if (!picked || picked.value === null) return;
            onAdd(picked.value);
            setChosen('');
          }}
        >
          {addText}
        </Button>
      </div>
      {items.length ? (
        <ol className="rl-ordered-field__list" aria-label={label}>
          {items.map((item, index) => {
            const itemName = nameOf(item, index);
            const first = index === 0;
            const last = index === items.length - 1;
            return (
              <li key={item.key} className="rl-ordered-field__item">
                <span className="rl-ordered-field__position" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="rl-ordered-field__text">{item.text}</span>
                <span className="rl-ordered-field__actions">
                  <IconButton
                    size="sm"
                    label={uiText('Move {name} up', { name: itemName })}
                    icon={<Icon name="chevron-up" size={16} />}
                    aria-disabled={first || disabled || undefined}
                    onClick={() => {
                      if (!first && !disabled) onMove(index, -1);
                    }}
                  />
                  <IconButton
                    size="sm"
                    label={uiText('Move {name} down', { name: itemName })}
                    icon={<Icon name="chevron-down" size={16} />}
                    aria-disabled={last || disabled || undefined}
                    onClick={() => {
                      if (!last && !disabled) onMove(index, 1);
                    }}
                  />
                  <IconButton
                    size="sm"
                    label={uiText('Remove {name}', { name: itemName })}
                    icon={<Icon name="close" size={16} />}
                    disabled={disabled}
                    onClick={() => onRemove(index)}
                  />
                </span>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="rl-ordered-field__empty">{emptyText ?? uiText('Nothing added yet.')}</p>
      )}
    </FieldShell>
  );
}
