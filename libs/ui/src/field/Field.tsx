import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Icon } from '../icon/Icon';
import { uiText } from '../text/ui-text';
import './Field.css';

// the tooltip (and its positioning engine) loads with the first failed rule, not with the form
const Tooltip = lazy(() => import('../tooltip/Tooltip').then(({ Tooltip }) => ({ default: Tooltip })));

export interface FieldIds {
  inputId: string;
  errorsId: string;
  hintId: string;
}

/** The attributes an input needs to be tied to its label, hint and errors. */
export function describedInputProps(ids: FieldIds, errors: readonly string[] | undefined, hint: ReactNode | undefined) {
  const invalid = !!errors && errors.length > 0;
  const describedBy = [invalid ? ids.errorsId : null, hint ? ids.hintId : null].filter(Boolean).join(' ');
  return {
    id: ids.inputId,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

export interface FieldShellProps {
  ids: FieldIds;
  label: string;
  errors?: readonly string[];
  hint?: ReactNode;
  required?: boolean;
  /** the input, already given `describedInputProps` */
  children: ReactNode;
  className?: string;
}

/**
 * Label, control and the error help icon of docs/product.md#validation-rules: every failed rule is listed in a tooltip on the
 * field's help icon, and the same list is read by screen readers through aria-describedby.
 */
export function FieldShell({ ids, label, errors, hint, required, children, className }: FieldShellProps) {
  const invalid = !!errors && errors.length > 0;
  return (
    <div className={['rl-field', invalid && 'rl-field--invalid', className].filter(Boolean).join(' ')}>
      <div className="rl-field__label-row">
        <span className="rl-field__label-text">
          <label className="rl-field__label" htmlFor={ids.inputId}>
            {label}
          </label>
          {/* outside the label, so the field's name stays its label; the input itself says required */}
          {required ? (
            <span className="rl-field__required" aria-hidden="true">
              *
            </span>
          ) : null}
        </span>
        {invalid ? <FieldErrorHint label={label} errors={errors} /> : null}
      </div>
      <div className="rl-field__control">{children}</div>
      {hint ? (
        <div className="rl-field__hint" id={ids.hintId}>
          {hint}
        </div>
      ) : null}
      {invalid ? (
        <ul className="rl-visually-hidden" id={ids.errorsId}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The help icon: hover, focus or a click (touch) opens the list of failed rules. */
export function FieldErrorHint({ label, errors }: { label: string; errors: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const button = (waiting: boolean) => (
    <button
      type="button"
      className="rl-field__help"
      aria-label={uiText('{label}: {count, plural, one {# problem} other {# problems}}, show details', {
        label,
        count: errors.length,
      })}
      data-error-count={errors.length}
      onClick={(event) => {
        // keep it open on click so touch screens can read it (Radix would close it)
        event.preventDefault();
        setOpen(true);
      }}
      // while the tooltip code loads, remember hover and focus so it opens as soon as it is there
      {...(waiting
        ? {
            onPointerEnter: () => setOpen(true),
            onPointerLeave: () => setOpen(false),
            onFocus: () => setOpen(true),
            onBlur: () => setOpen(false),
          }
        : {})}
    >
      <Icon name="help" size={16} />
      <span className="rl-field__help-count" aria-hidden="true">
        {errors.length}
      </span>
    </button>
  );
  return (
    <Suspense fallback={button(true)}>
      <Tooltip
        tone="danger"
        side="top"
        open={open}
        onOpenChange={setOpen}
        content={
          <ul className="rl-field__error-list">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        }
      >
        {button(false)}
      </Tooltip>
    </Suspense>
  );
}
