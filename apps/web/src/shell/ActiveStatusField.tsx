import { ACTIVE_FLAG_OPTIONS } from '@relevo/domain';
import { SelectField } from '@relevo/ui';

export interface ActiveStatusFieldProps {
  name: string;
  value: 'Y' | 'N';
  errors?: readonly string[];
  onChange: (value: 'Y' | 'N') => void;
}

/** The Status field of a catalogue modal (docs/product.md#states-and-transitions: shown on edit only; Y/N read ACTIVE/INACTIVE). */
export function ActiveStatusField({ name, value, errors, onChange }: ActiveStatusFieldProps) {
  return (
    <SelectField
      label="Status"
      name={name}
      required
      options={ACTIVE_FLAG_OPTIONS}
      value={value}
      error={errors?.[0]}
      onChange={(chosen) => onChange(chosen === 'N' ? 'N' : 'Y')}
    />
  );
}
