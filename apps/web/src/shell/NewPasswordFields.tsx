import { passwordRuleResults } from '@relevo/domain';
import { Icon, PasswordField } from '@relevo/ui';
import type { BoundField } from './shown-errors';
import { t } from './i18n';
import './NewPasswordFields.css';

export interface NewPasswordFieldsProps {
  password: BoundField;
  confirm: BoundField;
  /** the two labels (spec: 'New Password'/'Confirm Password', 'Password'/'Password verified' ...) */
  labels?: readonly [string, string];
  /** list the rules of docs/product.md#validation-rules under the first field, each marked met or not as it is typed */
  rules?: boolean;
  autoFocus?: boolean;
}

/** A new password and its confirmation, as every password form of the product asks them. */
export function NewPasswordFields({
  password,
  confirm,
  labels = [t('New Password'), t('Confirm Password')],
  rules = false,
  autoFocus,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={labels[0]}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        {...password}
        hint={rules ? <PasswordRules value={password.value} /> : undefined}
      />
      <PasswordField label={labels[1]} autoComplete="new-password" required {...confirm} />
    </>
  );
}

/** The rules of docs/product.md#validation-rules, each marked met or not as the new password is typed. */
export function PasswordRules({ value }: { value: string }) {
  return (
    <ul className="password-rules" aria-label={t('Password rules')}>
      {passwordRuleResults(value).map((rule) => (
        <li
          key={rule.rule}
          className={rule.ok ? 'password-rules__item password-rules__item--ok' : 'password-rules__item'}
        >
          <Icon name={rule.ok ? 'check' : 'close'} size={14} />
          <span>
            {t(rule.message)}
            <span className="rl-visually-hidden"> {rule.ok ? t('(met)') : t('(not met)')}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
