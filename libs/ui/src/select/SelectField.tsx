import * as Select from '@radix-ui/react-select';
import { FieldShell, describedInputProps } from '../field/Field';
import { useFieldIds } from '../field/use-field-ids';
import { Icon } from '../icon/Icon';
import type { SelectFieldProps, SelectOption } from './types';
import { uiText } from '../text/ui-text';
import './SelectField.css';

// Radix keeps '' for "nothing chosen"; the placeholder entry (value null) gets its own key so it
// can be listed and chosen again like in the original option lists (docs/product.md#entities)
const PLACEHOLDER_KEY = '__placeholder__';
const keyOf = (value: SelectOption['value']) => (value === null ? PLACEHOLDER_KEY : `${typeof value}:${value}`);

/**
 * A labelled single choice on Radix Select (keyboard: arrows, type-ahead, Enter, Escape). The
 * first entry with value null is the placeholder; disabled entries are listed but cannot be
 * chosen (docs/product.md#user-lists: staff roles in the customer-user modal). Errors show as on TextField.
 */
export function SelectField({ label, name, options, value, onChange, error, disabled, required }: SelectFieldProps) {
  const ids = useFieldIds();
  const errors = error ? [error] : undefined;
  const placeholder = options.find((option) => option.value === null)?.text ?? uiText('Select');
  const selected = options.find((option) => option.value !== null && option.value === value);

  return (
    <FieldShell ids={ids} label={label} errors={errors} required={required}>
      <Select.Root
        name={name}
        value={selected ? keyOf(selected.value) : ''}
        onValueChange={(key) => onChange(options.find((option) => keyOf(option.value) === key)?.value ?? null)}
        disabled={disabled}
        required={required}
      >
        <Select.Trigger
          className="rl-input rl-select__trigger"
          aria-required={required || undefined}
          {...describedInputProps(ids, errors, undefined)}
        >
          <Select.Value placeholder={<span className="rl-select__placeholder">{placeholder}</span>} />
          <Select.Icon className="rl-select__icon">
            <Icon name="chevron-down" size={16} />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content className="rl-select__content" position="popper" sideOffset={4}>
            <Select.Viewport className="rl-select__viewport">
              {options.map((option) => (
                <Select.Item
                  key={keyOf(option.value)}
                  value={keyOf(option.value)}
                  disabled={option.disabled}
                  className={['rl-select__item', option.value === null && 'rl-select__item--placeholder']
                    .filter(Boolean)
                    .join(' ')}
                >
                  <Select.ItemText>{option.text}</Select.ItemText>
                  <Select.ItemIndicator className="rl-select__indicator">
                    <Icon name="check" size={14} />
                  </Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </FieldShell>
  );
}
