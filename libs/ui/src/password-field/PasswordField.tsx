import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { IconButton } from '../button/Button';
import { FieldShell, describedInputProps } from '../field/Field';
import { useFieldIds } from '../field/use-field-ids';
import { Icon } from '../icon/Icon';
import { uiText } from '../text/ui-text';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  errors?: readonly string[];
  hint?: ReactNode;
}

/** A password input with a show/hide toggle and the same error help icon as TextField. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, value, onValueChange, errors, hint, id, required, className, ...rest },
  ref,
) {
  const ids = useFieldIds(id);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell ids={ids} label={label} errors={errors} hint={hint} required={required} className={className}>
      <input
        ref={ref}
        className="rl-input rl-input--with-adornment"
        type={visible ? 'text' : 'password'}
        value={value}
        required={required}
        onChange={(event) => onValueChange(event.target.value)}
        {...describedInputProps(ids, errors, hint)}
        {...rest}
      />
      <span className="rl-input-adornment">
        <IconButton
          size="sm"
          label={
            visible
              ? uiText('Hide {label}', { label: label.toLowerCase() })
              : uiText('Show {label}', { label: label.toLowerCase() })
          }
          aria-pressed={visible}
          icon={<Icon name={visible ? 'eye-off' : 'eye'} size={16} />}
          onClick={() => setVisible((shown) => !shown)}
        />
      </span>
    </FieldShell>
  );
});
