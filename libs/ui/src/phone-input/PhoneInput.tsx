import { useMemo, type ReactNode } from 'react';
import PhoneNumberInput, {
  getCountryCallingCode,
  type Country,
  type FlagProps,
  type Labels,
} from 'react-phone-number-input';
import englishLabels from 'react-phone-number-input/locale/en';
import { FieldShell, describedInputProps } from '../field/Field';
import { useFieldIds } from '../field/use-field-ids';
import { countryOptionsOrder, startingCountry } from './country-options';
import { uiLanguage, uiText } from '../text/ui-text';
import './PhoneInput.css';

export type PhoneCountry = Country;

export interface PhoneInputProps {
  label: string;
  /** the number in E.164 (+17875550123), or '' */
  value: string;
  /** called with the number in E.164, or '' when the field is empty */
  onValueChange: (value: string) => void;
  /** the only countries a number may belong to */
  countries: readonly PhoneCountry[];
  /** listed first, above a divider; the first allowed one starts selected */
  preferredCountries?: readonly PhoneCountry[];
  /** every failed rule of the field; shown on the help icon's tooltip, like TextField */
  errors?: readonly string[];
  hint?: ReactNode;
  /** the accessible name of the country list */
  countryLabel?: string;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  className?: string;
}

/**
 * The country's ISO code instead of a flag picture: the library's default pictures come from
 * another host, which the page's content security policy refuses (img-src 'self'), and bundling
 * every flag would cost more than the rest of the field.
 */
function CountryCode({ country }: FlagProps) {
  return <span className="rl-phone__country-code">{country}</span>;
}

/**
 * A labelled phone field: a country list limited to `countries` (preferred ones first) and the
 * number, given back in E.164. Keyboard: Tab reaches the country list (arrow keys choose) and then
 * the number; failed rules show on the help icon as in every other field.
 */
export function PhoneInput({
  label,
  value,
  onValueChange,
  countries,
  preferredCountries = [],
  errors,
  hint,
  countryLabel: givenCountryLabel,
  id,
  name,
  required,
  disabled,
  autoFocus,
  autoComplete = 'tel',
  className,
}: PhoneInputProps) {
  const ids = useFieldIds(id);
  const countryLabel = givenCountryLabel ?? uiText('Country');
  const language = uiLanguage();
  const labels = useMemo<Labels>(() => {
    // the library's names are English; another language's come from the browser's own list
    const regions = language === 'en' ? null : new Intl.DisplayNames([language], { type: 'region' });
    // the calling code beside each name, so two countries sharing +1 can be told apart by number
    const named: Labels = { ...englishLabels, country: countryLabel };
    for (const country of countries) {
      const name = regions?.of(country) ?? englishLabels[country] ?? country;
      named[country] = `${name} (+${getCountryCallingCode(country)})`;
    }
    return named;
  }, [countries, countryLabel, language]);
  const invalid = !!errors && errors.length > 0;

  return (
    <FieldShell
      ids={ids}
      label={label}
      errors={errors}
      hint={hint}
      required={required}
      className={['rl-phone-field', className].filter(Boolean).join(' ')}
    >
      <PhoneNumberInput
        className={['rl-phone', invalid && 'rl-phone--invalid', disabled && 'rl-phone--disabled']
          .filter(Boolean)
          .join(' ')}
        value={value || undefined}
        onChange={(next) => onValueChange(next ?? '')}
        countries={[...countries]}
        countryOptionsOrder={countryOptionsOrder(countries, preferredCountries)}
        defaultCountry={startingCountry(countries, preferredCountries)}
        addInternationalOption={false}
        labels={labels}
        flagComponent={CountryCode}
        // a native list changes with each arrow key: moving focus then would stop keyboard choosing
        focusInputOnCountrySelection={false}
        name={name}
        disabled={disabled}
        autoComplete={autoComplete}
        numberInputProps={{ className: 'rl-phone__number' }}
        required={required}
        autoFocus={autoFocus}
        {...describedInputProps(ids, errors, hint)}
      />
    </FieldShell>
  );
}
