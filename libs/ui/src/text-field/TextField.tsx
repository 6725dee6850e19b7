import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldShell, describedInputProps } from '../field/Field';
import { useFieldIds } from '../field/use-field-ids';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** every failed rule of the field; shown on the help icon's tooltip */
  errors?: readonly string[];
  hint?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, value, onValueChange, errors, hint, id, required, className, type = 'text', ...rest },
  ref,
) {
  const ids = useFieldIds(id);
  return (
    <FieldShell ids={ids} label={label} errors={errors} hint={hint} required={required} className={className}>
      <input
        ref={ref}
        className="rl-input"
        type={type}
        value={value}
        required={required}
        onChange={(event) => onValueChange(event.target.value)}
        {...describedInputProps(ids, errors, hint)}
        {...rest}
      />
    </FieldShell>
  );
});
