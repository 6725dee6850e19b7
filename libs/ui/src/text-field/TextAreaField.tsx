import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldShell, describedInputProps } from '../field/Field';
import { useFieldIds } from '../field/use-field-ids';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** every failed rule of the field; shown on the help icon's tooltip */
  errors?: readonly string[];
  hint?: ReactNode;
  /** a monospaced text (keys, certificates) rather than prose */
  code?: boolean;
}

/** A labelled text of several lines: TextField's label, hint and messages around a textarea. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, value, onValueChange, errors, hint, id, required, className, code = false, rows = 4, ...rest },
  ref,
) {
  const ids = useFieldIds(id);
  return (
    <FieldShell ids={ids} label={label} errors={errors} hint={hint} required={required} className={className}>
      <textarea
        ref={ref}
        className={code ? 'rl-input rl-textarea rl-textarea--code' : 'rl-input rl-textarea'}
        rows={rows}
        value={value}
        required={required}
        onChange={(event) => onValueChange(event.target.value)}
        {...describedInputProps(ids, errors, hint)}
        {...rest}
      />
    </FieldShell>
  );
});
