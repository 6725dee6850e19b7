import { activeFlagOptions } from '@relevo/domain';
import { SelectField } from '@relevo/ui';

/** spec 4: the Status dropdown of a catalogue record's edit modal, ACTIVE or INACTIVE. */
export function ActiveFlagField({ name, value, errors, onChange }: { name: string; value: 'Y' | 'N'; errors: readonly string[] | undefined; onChange: (value: 'Y' | 'N') => void }) {
  return <SelectField label="Status" name={name} required options={activeFlagOptions()} value={value} error={errors?.join(' ')} onChange={(choice) => onChange(choice === 'N' ? 'N' : 'Y')} />;
}
