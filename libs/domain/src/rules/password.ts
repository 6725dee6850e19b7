import * as v from 'valibot';
import { MAX_PASSWORD, form } from './fields';

/** docs/product.md#validation-rules: the special characters a new password must contain one of. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_MESSAGES = {
  passwordRequired: 'Password is required',
  newPasswordRequired: 'New Password is required',
  currentRequired: 'Current Password is required',
  minLength: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  maxLength: `Password must be at most ${MAX_PASSWORD} characters long`,
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  digit: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  confirmRequired: 'Confirming your password is required',
  mismatch: 'Passwords do not match',
} as const;

const specialClass = new RegExp(`[${PASSWORD_SPECIAL_CHARACTERS.replace(/[\\\]^-]/g, '\\$&')}]`);

/** The rules of docs/product.md#validation-rules for a password being set; every failed rule is reported. */
/* @__NO_SIDE_EFFECTS__ */
export function newPassword(required: string = PASSWORD_MESSAGES.newPasswordRequired) {
  return v.pipe(
    v.string(required),
    v.nonEmpty(required),
    v.minLength(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.minLength),
    v.maxLength(MAX_PASSWORD, PASSWORD_MESSAGES.maxLength),
    v.regex(/[A-Z]/, PASSWORD_MESSAGES.uppercase),
    v.regex(/[a-z]/, PASSWORD_MESSAGES.lowercase),
    v.regex(/[0-9]/, PASSWORD_MESSAGES.digit),
    v.regex(specialClass, PASSWORD_MESSAGES.special),
  );
}

export const confirmPassword = /* @__NO_SIDE_EFFECTS__ */ () =>
  v.pipe(
    v.string(PASSWORD_MESSAGES.confirmRequired),
    v.nonEmpty(PASSWORD_MESSAGES.confirmRequired),
    v.maxLength(MAX_PASSWORD, PASSWORD_MESSAGES.maxLength),
  );

/** Rule list for tooltips and the strength hint: which of the rules a value meets. */
export function passwordRuleResults(
  value: string,
): { rule: keyof typeof PASSWORD_MESSAGES; ok: boolean; message: string }[] {
  return [
    { rule: 'minLength', ok: value.length >= PASSWORD_MIN_LENGTH, message: PASSWORD_MESSAGES.minLength },
    { rule: 'uppercase', ok: /[A-Z]/.test(value), message: PASSWORD_MESSAGES.uppercase },
    { rule: 'lowercase', ok: /[a-z]/.test(value), message: PASSWORD_MESSAGES.lowercase },
    { rule: 'digit', ok: /[0-9]/.test(value), message: PASSWORD_MESSAGES.digit },
    { rule: 'special', ok: specialClass.test(value), message: PASSWORD_MESSAGES.special },
  ];
}

/**
 * Pipes an object schema through "equal to the new password" (docs/product.md#validation-rules), reported on the
 * confirmation field so the form shows it there.
 */
/* @__NO_SIDE_EFFECTS__ */
export function withConfirmation<TSchema extends v.GenericSchema<Record<string, unknown>, Record<string, unknown>>>(
  schema: TSchema,
  passwordKey: keyof v.InferOutput<TSchema> & string,
  confirmKey: keyof v.InferOutput<TSchema> & string,
) {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<TSchema>>(({ dataset, addIssue }) => {
      // compared even while another field fails its type (a role not yet chosen): docs/product.md#validation-rules checks on every input
      const input = dataset.value as Record<string, unknown>;
      if (
        typeof input !== 'object' ||
        input === null ||
        typeof input[passwordKey] !== 'string' ||
        typeof input[confirmKey] !== 'string'
      )
        return;
      // an empty confirmation already has its own message ('Confirming your password is required')
      if (input[confirmKey] !== '' && input[passwordKey] !== input[confirmKey]) {
        addIssue({
          message: PASSWORD_MESSAGES.mismatch,
          path: [{ type: 'object', origin: 'value', input, key: confirmKey, value: input[confirmKey] }],
        });
      }
    }),
  );
}

/** Own password change (docs/product.md#entities and #validation-rules): current, new, confirm. */
export const OwnPasswordChangeSchema = withConfirmation(
  form({
    current_password: v.pipe(
      v.string(PASSWORD_MESSAGES.currentRequired),
      v.nonEmpty(PASSWORD_MESSAGES.currentRequired),
      v.maxLength(MAX_PASSWORD, PASSWORD_MESSAGES.maxLength),
    ),
    new_password: newPassword(),
    confirm_password: confirmPassword(),
  }),
  'new_password',
  'confirm_password',
);
export type OwnPasswordChange = v.InferOutput<typeof OwnPasswordChangeSchema>;

/** Password change by an admin and e-mail reset step 3 (docs/product.md#entities and #validation-rules): new, confirm. */
export const NewPasswordSchema = withConfirmation(
  form({ new_password: newPassword(), confirm_password: confirmPassword() }),
  'new_password',
  'confirm_password',
);
export type NewPassword = v.InferOutput<typeof NewPasswordSchema>;
