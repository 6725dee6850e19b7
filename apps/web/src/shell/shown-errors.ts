import { useState } from 'react';

/**
 * spec 5: validation runs on every input; a field shows its failed rules once typed into (or, with
 * `submitted`, once the form was sent). `edit(field)` marks the field as typed into.
 */
export function useShownErrors<F extends string>(errors: Partial<Record<F, readonly string[]>>, submitted = false) {
  const [edited, setEdited] = useState<Partial<Record<F, boolean>>>({});
  return {
    shown: (field: F) => (submitted || edited[field] ? errors[field] : undefined),
    edit: (field: F) => setEdited((fields) => (fields[field] ? fields : { ...fields, [field]: true })),
  };
}
