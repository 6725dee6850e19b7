import { useId } from 'react';
import type { FieldIds } from './Field';

export function useFieldIds(id?: string): FieldIds {
  const generated = useId();
  const inputId = id ?? `field${generated.replace(/:/g, '')}`;
  return { inputId, errorsId: `${inputId}-errors`, hintId: `${inputId}-hint` };
}
