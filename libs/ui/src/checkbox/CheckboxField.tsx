import { useId, type ReactNode } from 'react';
import './CheckboxField.css';

export interface CheckboxFieldProps {
  label: ReactNode;
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** a line below saying what the choice does */
  hint?: ReactNode;
  disabled?: boolean;
}

/** One yes-or-no choice: the box and its label, with an optional hint. */
export function CheckboxField({ label, name, checked, onCheckedChange, hint, disabled }: CheckboxFieldProps) {
  const hintId = useId();
  return (
    <div className="rl-checkbox-field">
      <label className="rl-checkbox">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <p className="rl-checkbox-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface CheckboxGroupOption<Value extends string | number> {
  value: Value;
  /** what the box shows, its name ("Mon") */
  text: string;
}

export interface CheckboxGroupProps<Value extends string | number> {
  legend: string;
  name: string;
  options: readonly CheckboxGroupOption<Value>[];
  values: readonly Value[];
  onChange: (values: Value[]) => void;
  errors?: readonly string[];
}

/** Several choices of one question, in a row: a fieldset whose failed rules are read with it. */
export function CheckboxGroup<Value extends string | number>({
  legend,
  name,
  options,
  values,
  onChange,
  errors,
}: CheckboxGroupProps<Value>) {
  const errorsId = useId();
  const invalid = !!errors && errors.length > 0;
  return (
    <fieldset
      className={['rl-checkbox-group', invalid && 'rl-checkbox-group--invalid'].filter(Boolean).join(' ')}
      aria-describedby={invalid ? errorsId : undefined}
    >
      <legend className="rl-checkbox-group__legend">{legend}</legend>
      <div className="rl-checkbox-group__options">
        {options.map((option) => (
          <label key={option.value} className="rl-checkbox rl-checkbox--chip">
            <input
              type="checkbox"
              name={name}
              value={String(option.value)}
              checked={values.includes(option.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? options.map((o) => o.value).filter((value) => value === option.value || values.includes(value))
                    : values.filter((value) => value !== option.value),
                )
              }
            />
            <span>{option.text}</span>
          </label>
        ))}
      </div>
      {invalid ? (
        <ul className="rl-checkbox-group__errors" id={errorsId}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
