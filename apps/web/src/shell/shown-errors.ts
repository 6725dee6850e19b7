import { useState } from 'react';

type FieldErrors<F extends string> = Partial<Record<F, readonly string[]>>;

/**
 * docs/product.md#validation-rules: validation runs on every input; a field shows its failed rules once typed into (or, with
 * `submitted`, once the form was sent). `edit(field)` marks the field as typed into.
 */
export function useShownErrors<F extends string>(errors: FieldErrors<F>, submitted = false) {
  const [edited, setEdited] = useState<Partial<Record<F, boolean>>>({});
  return {
    shown: (field: F) => (submitted || edited[field] ? errors[field] : undefined),
    edit: (field: F) => setEdited((fields) => (fields[field] ? fields : { ...fields, [field]: true })),
  };
}

/** What a text, password or phone field takes from its form: name, value, messages and change. */
export interface BoundField {
  name: string;
  value: string;
  errors: readonly string[] | undefined;
  onValueChange: (value: string) => void;
}

/**
 * Binds a form's fields by name: `<TextField label="Email" {...field('email')} />`. `errors` gives
 * the messages a field shows now (all of them, or only the shown ones).
 */
export function bindFields<F extends string>(
  values: { readonly [K in F]: string },
  errors: FieldErrors<F> | ((field: F) => readonly string[] | undefined),
  onChange: (field: F, value: string) => void,
) {
  const errorsOf = typeof errors === 'function' ? errors : (field: F) => errors[field];
  return (field: F): BoundField => ({
    name: field,
    value: values[field],
    errors: errorsOf(field),
    onValueChange: (value) => onChange(field, value),
  });
}

/** `bindFields` whose fields show their messages once typed into or once the form was sent (docs/product.md#validation-rules). */
export function useBoundFields<F extends string>(
  values: { readonly [K in F]: string },
  errors: FieldErrors<F>,
  onChange: (field: F, value: string) => void,
  submitted = false,
) {
  const { shown, edit } = useShownErrors<F>(errors, submitted);
  return bindFields(values, shown, (field, value) => {
    edit(field);
    onChange(field, value);
  });
}

/** What a SelectField takes from its form: name, value, its first message and change. */
export interface BoundSelect {
  name: string;
  value: string | number | null;
  error: string | undefined;
  onChange: (value: string | number | null) => void;
}

/** `bindFields` for choices: `<SelectField label="Channel" options={...} {...choice('channel_id')} />`. */
export function bindSelects<F extends string>(
  values: { readonly [K in F]: string | number | null },
  errors: FieldErrors<F> | ((field: F) => readonly string[] | undefined),
  onChange: (field: F, value: string | number | null) => void,
) {
  const errorsOf = typeof errors === 'function' ? errors : (field: F) => errors[field];
  return (field: F): BoundSelect => ({
    name: field,
    value: values[field],
    error: errorsOf(field)?.[0],
    onChange: (value) => onChange(field, value),
  });
}
