import { FieldShell, describedInputProps } from '../field/Field';
import { useFieldIds } from '../field/use-field-ids';
import type { SelectFieldProps, SelectOption } from './types';
import { uiText } from '../text/ui-text';
import './NativeSelectField.css';

// option values are strings: the placeholder entry (value null) is '', the others keep their type
const keyOf = (value: SelectOption['value']) => (value === null ? '' : `${typeof value}:${value}`);

/**
 * A labelled single choice on the browser's own select element, with SelectField's props and
 * look: for a list's filters, where the choice applies at once and the options are plain text
 * (docs/architecture.md: why not Radix Select there). The first entry with value null is the
 * placeholder; without one, "Select" stands for no choice.
 */
export function NativeSelectField({
  label,
  name,
  options,
  value,
  onChange,
  error,
  disabled,
  required,
}: SelectFieldProps) {
  const ids = useFieldIds();
  const errors = error ? [error] : undefined;
  const selected = options.find((option) => option.value !== null && option.value === value);
  const placeholder = options.find((option) => option.value === null);

  return (
    <FieldShell ids={ids} label={label} errors={errors} required={required}>
      <select
        className={['rl-input', 'rl-native-select', !selected && 'rl-native-select--placeholder']
          .filter(Boolean)
          .join(' ')}
        name={name}
        value={selected ? keyOf(selected.value) : ''}
        disabled={disabled}
        required={required}
        onChange={(event) =>
          onChange(options.find((option) => keyOf(option.value) === event.target.value)?.value ?? null)
        }
        {...describedInputProps(ids, errors, undefined)}
      >
        {placeholder ? null : (
          <option value="" disabled>
            {uiText('Select')}
          </option>
        )}
        {options.map((option) => (
          <option key={keyOf(option.value)} value={keyOf(option.value)} disabled={option.disabled}>
            {option.text}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
