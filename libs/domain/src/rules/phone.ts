import * as v from 'valibot';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/** docs/product.md#constants-and-limits: countries a phone may belong to, and the preferred ones shown first. */
export const SUPPORTED_COUNTRIES = [
  'PR',
  'US',
  'DO',
  'CO',
  'VE',
  'MX',
  'CA',
  'CL',
  'AR',
  'CR',
  'GT',
  'PE',
  'VI',
  'ES',
] as const satisfies readonly CountryCode[];
export const PREFERRED_COUNTRIES = ['PR', 'US', 'VI'] as const satisfies readonly CountryCode[];
export type SupportedCountry = (typeof SUPPORTED_COUNTRIES)[number];

export const PHONE_MESSAGES = {
  required: 'Phone is required',
  invalid: 'Must be a valid phone number with its country code, e.g. +17875550123',
  country: 'This country is not supported',
} as const;

export interface ParsedPhone {
  /** +E.164 */
  e164: string;
  country: SupportedCountry;
  /** digits of the national number, as the resource tables store them (docs/product.md#entities) */
  national: string;
  countryCallingCode: string;
}

/** Parses "+<country code><number>" and checks it against the supported countries. */
export function parsePhone(input: string): ParsedPhone | { error: string } {
  const trimmed = input.trim();
  if (!trimmed) return { error: PHONE_MESSAGES.required };
  const parsed = parsePhoneNumberFromString(trimmed.startsWith('+') ? trimmed : `+${trimmed}`);
  if (!parsed || !parsed.isValid()) return { error: PHONE_MESSAGES.invalid };
  const country = parsed.country as SupportedCountry | undefined;
  if (!country || !(SUPPORTED_COUNTRIES as readonly string[]).includes(country))
    return { error: PHONE_MESSAGES.country };
  return {
    e164: parsed.number,
    country,
    national: parsed.nationalNumber,
    countryCallingCode: parsed.countryCallingCode,
  };
}

/** A phone in E.164 form from a supported country; the output is the normalised +E.164 text. */
/* @__NO_SIDE_EFFECTS__ */
export function phoneField(required: string = PHONE_MESSAGES.required) {
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(32, PHONE_MESSAGES.invalid),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const parsed = parsePhone(dataset.value);
      if ('error' in parsed) {
        addIssue({ message: parsed.error });
        return NEVER;
      }
      return parsed.e164;
    }),
  );
}

/** Hides all but the last digits, for messages that confirm where a code went. */
export function maskPhone(e164: string): string {
  return e164.length <= 4 ? e164 : `${'•'.repeat(Math.max(0, e164.length - 4))}${e164.slice(-4)}`;
}
