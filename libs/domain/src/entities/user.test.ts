import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PASSWORD_MESSAGES } from '../rules/password';
import { formErrors, validate } from '../rules/validation';
import { AdminPasswordChangeSchema, USER_MESSAGES, UserCreateSchema, UserUpdateSchema } from './user';

const create = {
  name: ' Elena ',
  last_name: 'Ruiz',
  email: ' Elena.Ruiz@Example.TEST ',
  password: 'Strong.Pass1',
  confirm_password: 'Strong.Pass1',
  rol_id: '5',
};

describe('user forms (docs/product.md#user-lists, #entities, #validation-rules)', () => {
  it('creates users asked to change their password unless told otherwise, with the e-mail trimmed and lower-cased', () => {
    expect(v.parse(UserCreateSchema, create)).toMatchObject({
      name: 'Elena',
      email: 'elena.ruiz@example.test',
      rol_id: 5,
      force_change_password: true,
    });
    expect(v.parse(UserCreateSchema, { ...create, force_change_password: false }).force_change_password).toBe(false);
  });

  it('gives every missing field of a create its own message and refuses fields the server sets', () => {
    expect(formErrors(UserCreateSchema, {})).toEqual({
      name: [USER_MESSAGES.nameRequired],
      last_name: [USER_MESSAGES.lastNameRequired],
      email: [USER_MESSAGES.emailRequired],
      password: [PASSWORD_MESSAGES.passwordRequired],
      confirm_password: [PASSWORD_MESSAGES.confirmRequired],
      rol_id: [USER_MESSAGES.roleRequired],
    });
    for (const field of ['status', 'created_by', 'updated_at', 'is_admin']) {
      expect(formErrors(UserCreateSchema, { ...create, [field]: 1 })).toEqual({ [field]: ['Unknown field'] });
    }
    expect(formErrors(UserCreateSchema, { ...create, rol_id: 9 }).rol_id).toEqual([USER_MESSAGES.roleRequired]);
    expect(formErrors(UserCreateSchema, { ...create, force_change_password: 'yes' }).force_change_password).toEqual([
      'Must be true or false',
    ]);
    expect(formErrors(UserCreateSchema, { ...create, confirm_password: 'Strong.Pass2' }).confirm_password).toEqual([
      PASSWORD_MESSAGES.mismatch,
    ]);
  });

  it('edits with a status of 1 or 0 (also as text) and without requiring the e-mail', () => {
    const edit = { name: 'A', last_name: 'B', rol_id: 4 };
    expect(v.parse(UserUpdateSchema, { ...edit, status: '0' }).status).toBe(0);
    expect(v.parse(UserUpdateSchema, { ...edit, status: 1 })).not.toHaveProperty('email');
    expect(formErrors(UserUpdateSchema, { ...edit, status: 2 }).status).toEqual([USER_MESSAGES.statusRequired]);
    expect(formErrors(UserUpdateSchema, { ...edit, status: 1, password: 'Strong.Pass1' })).toEqual({
      password: ['Unknown field'],
    });
  });

  it('checks an admin password change by the rules of docs/product.md#validation-rules, the id being optional', () => {
    expect(
      validate(AdminPasswordChangeSchema, { new_password: 'Other.Pass9', confirm_password: 'Other.Pass9' }).success,
    ).toBe(true);
    expect(
      v.parse(AdminPasswordChangeSchema, { id: '12', new_password: 'Other.Pass9', confirm_password: 'Other.Pass9' }).id,
    ).toBe(12);
    expect(
      formErrors(AdminPasswordChangeSchema, { new_password: 'short', confirm_password: 'short' }).new_password,
    ).toContain(PASSWORD_MESSAGES.minLength);
    expect(
      formErrors(AdminPasswordChangeSchema, { new_password: 'Other.Pass9', confirm_password: 'Other.Pass8' })
        .confirm_password,
    ).toEqual([PASSWORD_MESSAGES.mismatch]);
  });
});
