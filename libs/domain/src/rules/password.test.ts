import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  NewPasswordSchema,
  OwnPasswordChangeSchema,
  PASSWORD_MESSAGES,
  newPassword,
  passwordRuleResults,
} from './password';
import { formErrors } from './validation';

describe('password rules (docs/product.md#validation-rules)', () => {
  it('reports every failed rule of a weak password with its own message', () => {
    const errors = formErrors(v.object({ p: newPassword() }), { p: 'abc' });
    expect(errors.p).toEqual([
      PASSWORD_MESSAGES.minLength,
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.digit,
      PASSWORD_MESSAGES.special,
    ]);
  });

  it('uses the required message of the field when empty', () => {
    expect(formErrors(v.object({ p: newPassword() }), { p: '' }).p?.[0]).toBe('New Password is required');
    expect(formErrors(v.object({ p: newPassword('Password is required') }), { p: '' }).p?.[0]).toBe(
      'Password is required',
    );
  });

  it('accepts each special character of the spec list', () => {
    for (const ch of '!@#$%^&*(),.?":{}|<>') {
      expect(formErrors(v.object({ p: newPassword() }), { p: `Abcdefg1${ch}` })).toEqual({});
    }
  });

  it('does not count other symbols as special characters', () => {
    expect(formErrors(v.object({ p: newPassword() }), { p: 'Abcdefg1_-' }).p).toEqual([PASSWORD_MESSAGES.special]);
  });

  it('reports a mismatch on the confirmation field', () => {
    expect(formErrors(NewPasswordSchema, { new_password: 'Abcdefg1!', confirm_password: 'Abcdefg1?' })).toEqual({
      confirm_password: ['Passwords do not match'],
    });
  });

  it('requires the confirmation and the current password with the spec texts', () => {
    expect(
      formErrors(OwnPasswordChangeSchema, { current_password: '', new_password: 'Abcdefg1!', confirm_password: '' }),
    ).toEqual({
      current_password: ['Current Password is required'],
      confirm_password: ['Confirming your password is required'],
    });
  });

  it('refuses unknown fields', () => {
    const errors = formErrors(NewPasswordSchema, {
      new_password: 'Abcdefg1!',
      confirm_password: 'Abcdefg1!',
      admin: true,
    });
    expect(errors.admin).toEqual(['Unknown field']);
  });

  it('lists which rules a value meets', () => {
    expect(
      passwordRuleResults('Abcdefgh')
        .filter((r) => !r.ok)
        .map((r) => r.rule),
    ).toEqual(['digit', 'special']);
  });
});
