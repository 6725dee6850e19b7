import * as v from 'valibot';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { MAX_TEXT, emailField, form, requiredText, ynFlag } from '../rules/fields';
import { PHONE_MESSAGES, SUPPORTED_COUNTRIES, parsePhone, type SupportedCountry } from '../rules/phone';
import { DEFAULT_LANGUAGE, type Stamped, type YesNo } from './reference';

/** docs/product.md#resource: a person the engine contacts. Phones are the national number and its country. */
export type Resource = {
  id: number;
  resource_id: number;
  resource_fullname: string;
  resource_active: YesNo;
  resource_email: string | null;
  language_id: string;
  language: { language_id: string; language_desc: string };
  resource_phone1: string | null;
  resource_country_phone1: string | null;
  resource_phone2: string | null;
  resource_country_phone2: string | null;
} & Stamped<'resource'>;

export const RESOURCE_MESSAGES = {
  nameRequired: 'Name is required',
  languageRequired: 'Language is required',
  activeRequired: 'Status must be ACTIVE or INACTIVE',
  phoneInvalid: 'Must be a valid phone number of the chosen country',
  phoneCountry: 'Choose the country of the phone number',
  notFound: 'Resource not found',
} as const;

/** The quota check of docs/product.md#resources (GET /api/procedures/get/resource-limit): `limit` true when reached. */
export interface ResourceLimit {
  limit: boolean;
  /** the customer's resources now */
  count: number;
  /** customer_qty_resources (docs/product.md#constants-and-limits, default 10) */
  max: number;
}

/** A phone as stored (docs/product.md#entities): the national number, its country, and the E.164 form for matching replies. */
export interface StoredPhone {
  national: string;
  country: string;
  e164: string;
}

/**
 * Reads a phone as the resource form sends it: the national number (digits; spaces, dashes and
 * brackets are dropped) and the ISO country of the picker, one of docs/product.md#constants-and-limits's list.
 */
export function resourcePhone(national: string, country: string): StoredPhone | { error: string } {
  if (!(SUPPORTED_COUNTRIES as readonly string[]).includes(country)) return { error: RESOURCE_MESSAGES.phoneCountry };
  const digits = national.replace(/[\s().-]/g, '');
  if (!/^\d{4,15}$/.test(digits)) return { error: RESOURCE_MESSAGES.phoneInvalid };
  const parsed = parsePhoneNumberFromString(digits, country as CountryCode);
  if (!parsed || !parsed.isValid() || (parsed.country && parsed.country !== country))
    return { error: RESOURCE_MESSAGES.phoneInvalid };
  return { national: parsed.nationalNumber, country, e164: parsed.number };
}

/** E.164 from a stored national number and its country (null when either is missing). */
export function resourcePhoneE164(national: string | null, country: string | null): string | null {
  if (!national || !country) return null;
  const phone = resourcePhone(national, country);
  return 'error' in phone ? null : phone.e164;
}

/** The list's phone: "+1 787 555 0142" from the stored national number and country ('' when none). */
export function resourcePhoneShown(national: string | null, country: string | null): string {
  const e164 = resourcePhoneE164(national, country);
  if (!e164) return national ?? '';
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * The other way: a phone as the form's phone field gives it (E.164, "+17875550142") becomes the
 * national number and the ISO country the body sends (docs/product.md#entities stores only the national number).
 */
export function nationalPhone(e164: string): { national: string; country: SupportedCountry } | { error: string } {
  const parsed = parsePhone(e164);
  if ('error' in parsed)
    return {
      error: parsed.error === PHONE_MESSAGES.country ? RESOURCE_MESSAGES.phoneCountry : RESOURCE_MESSAGES.phoneInvalid,
    };
  return { national: parsed.national, country: parsed.country };
}

/* @__NO_SIDE_EFFECTS__ */
const optionalText = () =>
  v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(32, RESOURCE_MESSAGES.phoneInvalid))), null);

/* @__NO_SIDE_EFFECTS__ */
const resourceEntries = () => ({
  resource_fullname: requiredText(RESOURCE_MESSAGES.nameRequired, MAX_TEXT),
  // optional: a resource reached only by phone has none; '' means none
  resource_email: v.optional(v.nullable(v.union([v.literal(''), emailField()], 'Must be a valid email address')), null),
  language_id: v.optional(
    v.pipe(
      v.string(RESOURCE_MESSAGES.languageRequired),
      v.trim(),
      v.regex(/^[A-Z]{2}$/, RESOURCE_MESSAGES.languageRequired),
    ),
    DEFAULT_LANGUAGE,
  ),
  resource_phone1: optionalText(),
  resource_country_phone1: optionalText(),
  resource_phone2: optionalText(),
  resource_country_phone2: optionalText(),
});

/* @__NO_SIDE_EFFECTS__ */
function withPhones<
  S extends v.GenericSchema<
    unknown,
    v.InferOutput<ReturnType<typeof form<ReturnType<typeof resourceEntries>>>> & Record<string, unknown>
  >,
>(schema: S) {
  return v.pipe(
    schema,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value as v.InferOutput<S>;
      // valibot's NEVER is null: a failure is counted apart from a phone that is absent (null)
      let failed = false;
      const phone = (which: 1 | 2): StoredPhone | null => {
        const number = input[`resource_phone${which}`] as string | null;
        const country = input[`resource_country_phone${which}`] as string | null;
        if (!number) return null;
        const field = `resource_phone${which}`;
        const parsed = country ? resourcePhone(number, country) : { error: RESOURCE_MESSAGES.phoneCountry };
        if ('error' in parsed) {
          failed = true;
          addIssue({
            message: parsed.error,
            path: [
              { type: 'object', origin: 'value', input: input as Record<string, unknown>, key: field, value: number },
            ],
          });
          return null;
        }
        return parsed;
      };
      const phone1 = phone(1);
      const phone2 = phone(2);
      if (failed) return NEVER;
      const {
        resource_phone1: _p1,
        resource_country_phone1: _c1,
        resource_phone2: _p2,
        resource_country_phone2: _c2,
        resource_email,
        ...rest
      } = input as Record<string, unknown>;
      return { ...rest, resource_email: resource_email ? (resource_email as string) : null, phone1, phone2 } as Omit<
        v.InferOutput<S>,
        'resource_phone1' | 'resource_country_phone1' | 'resource_phone2' | 'resource_country_phone2' | 'resource_email'
      > & {
        resource_email: string | null;
        phone1: StoredPhone | null;
        phone2: StoredPhone | null;
      };
    }),
  );
}

/** Create a resource (docs/product.md#resources): no status, a new resource is active. */
export const ResourceCreateSchema = /* @__PURE__ */ (() => withPhones(form(resourceEntries())))();
export type ResourceCreate = v.InferOutput<typeof ResourceCreateSchema>;

/** Edit a resource: the status too (docs/product.md#states-and-transitions: status only on edit). */
export const ResourceUpdateSchema = /* @__PURE__ */ (() =>
  withPhones(form({ ...resourceEntries(), resource_active: ynFlag(RESOURCE_MESSAGES.activeRequired) })))();
export type ResourceUpdate = v.InferOutput<typeof ResourceUpdateSchema>;
