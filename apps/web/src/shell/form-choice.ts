import type { FormErrors, RecordFormEvent } from '@relevo/domain';
import { t } from './i18n';

/** A record form as a field binds to it: its values, the messages each field shows now, and `send`. */
export interface BoundForm<Values extends object> {
  values: Values;
  errors: FormErrors<Values>;
  send: (event: RecordFormEvent<Values>) => void;
}

/**
 * The props of a select bound to one field of a record form: its name, value and messages (in
 * the reader's language), and a change that sends the chosen option read by `parse` (an
 * option's value is a string, a number or null; the field keeps its own type).
 */
export function choiceOf<Values extends object, Field extends Extract<keyof Values, string>>(
  form: BoundForm<Values>,
  name: Field,
  parse: (chosen: string | number | null) => Values[Field],
) {
  return {
    name,
    value: form.values[name] as string | number | null,
    error: form.errors[name]?.map((message) => t(message)).join(' '),
    onChange: (chosen: string | number | null) =>
      form.send({ type: 'CHANGE', field: name, value: parse(chosen) } as RecordFormEvent<Values>),
  };
}
