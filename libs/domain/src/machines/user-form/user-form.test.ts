import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { User } from '../../entities/user';
import { Role } from '../../roles/roles';
import { userFormBody, userFormFromUser, type UserFormSetup, type UserFormValues } from '../../rules/user-form';
import { recordFormErrors } from '../record-form/record-form.machine';
import { deferredActor, tick } from '../test-actors';
import { userFormInput, userFormMachine } from './user-form';

/** A 422 as the api client gives it, read by the screen's `fieldErrorsOf`. */
class FieldFailure extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super(Object.values(fields)[0]?.[0] ?? 'failed');
  }
}
const fieldErrorsOf = (error: unknown) => (error instanceof FieldFailure ? error.fields : {});

function start(setup: UserFormSetup, values?: UserFormValues) {
  const save = deferredActor<User, UserFormValues>();
  const actor = createActor(userFormMachine.provide({ actors: { save: save.actor } }), {
    input: userFormInput(setup, values, fieldErrorsOf),
  }).start();
  const type = (entries: Partial<UserFormValues>) => {
    for (const [field, value] of Object.entries(entries))
      actor.send({ type: 'CHANGE', field, value } as Parameters<typeof actor.send>[0]);
  };
  return {
    actor,
    save,
    type,
    state: () => actor.getSnapshot(),
    errors: () => recordFormErrors(actor.getSnapshot().context),
  };
}

const storedUser: User = {
  id: 7,
  name: 'Ana',
  last_name: 'Torres',
  email: 'user@democompany.demo',
  phone: '+17875550123',
  status: 1,
  role: { rol_id: 5, rol_name: 'Customer' },
  customer: { customer_id: 2, customer_name: 'Demo Company' },
  is_admin: false,
  force_change_password: false,
  created_by: null,
  updated_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
};

const newStaff = {
  name: 'Elena',
  last_name: 'Ruiz',
  email: 'elena.ruiz@relevo.test',
  password: 'Strong.Pass1',
  confirm_password: 'Strong.Pass1',
  rol_id: Role.StaffEdit,
};

describe('user modal flow (docs/product.md#user-lists, #validation-rules, #messages)', () => {
  it('shows a field rule once the field is typed into, and all of them after a refused Save', () => {
    const { actor, type, state, errors, save } = start({ screen: 'staffUsers', mode: 'create', actor: Role.StaffRoot });
    type({ password: 'short' });
    expect(errors()).toEqual({
      password: [
        'Password must be at least 8 characters long',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
        'Password must contain at least one special character',
      ],
    });
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('editing');
    expect(save.calls).toEqual([]);
    expect(Object.keys(errors()).sort()).toEqual([
      'confirm_password',
      'email',
      'last_name',
      'name',
      'password',
      'rol_id',
    ]);
  });

  it('saves a valid new user and hands the values to the save actor', async () => {
    const { actor, type, state, save } = start({ screen: 'staffUsers', mode: 'create', actor: Role.StaffRoot });
    type(newStaff);
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('saving');
    expect(userFormBody(save.calls[0]!, { screen: 'staffUsers', mode: 'create' })).toEqual({
      ...newStaff,
      phone: null,
    });
    save.resolve(storedUser);
    await tick();
    expect(state().value).toBe('saved');
    // typed: the stored user, read without a cast
    expect(state().context.saved?.email).toBe(storedUser.email);
  });

  it('keeps the modal open on a duplicate e-mail, shows it on the e-mail field, and saves after a new e-mail', async () => {
    const { actor, type, state, save, errors } = start({
      screen: 'customerUsers',
      mode: 'create',
      actor: Role.StaffRoot,
    });
    type({ ...newStaff, rol_id: Role.Customer, customer_id: 2 });
    actor.send({ type: 'SUBMIT' });
    save.reject(new FieldFailure({ email: ['A user with this email already exists'] }));
    await tick();
    expect(state().value).toBe('failed');
    expect(errors()).toEqual({ email: ['A user with this email already exists'] });

    type({ email: 'elena.other@relevo.test' });
    expect(errors()).toEqual({});
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('saving');
    save.resolve({ ...storedUser, id: 10 });
    await tick();
    expect(state().value).toBe('saved');
  });

  it('keeps the modal open on a failure without field messages, and saves on retry', async () => {
    const { actor, type, state, save, errors } = start({
      screen: 'ownUsers',
      mode: 'create',
      actor: Role.CustomerRoot,
    });
    type({ ...newStaff, rol_id: Role.Customer });
    actor.send({ type: 'SUBMIT' });
    save.reject(new Error('We have some problems please contact support'));
    await tick();
    expect(state().value).toBe('failed');
    expect(state().context.error).toBe('We have some problems please contact support');
    expect(errors()).toEqual({});
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('saving');
    save.resolve(storedUser);
    await tick();
    expect(state().value).toBe('saved');
  });

  it('edits a user with its status and without password rules; a role the actor cannot grant is refused', () => {
    const user = storedUser;
    const { actor, type, state, save, errors } = start(
      { screen: 'customerUsers', mode: 'edit', actor: Role.StaffRoot },
      userFormFromUser(user),
    );
    type({ rol_id: Role.StaffRoot });
    expect(errors()).toEqual({ rol_id: ['You cannot grant this role'] });
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('editing');
    type({ rol_id: Role.CustomerRoot, status: 0 });
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('saving');
    expect(userFormBody(save.calls[0]!, { screen: 'customerUsers', mode: 'edit' })).toEqual({
      name: 'Ana',
      last_name: 'Torres',
      phone: '+17875550123',
      status: 0,
      rol_id: 4,
      customer_id: 2,
    });
  });

  it('asks a Customer Root for its password when it changes its own phone, and keeps its role', async () => {
    const me: User = { ...storedUser, id: 40, role: { rol_id: 4, rol_name: 'CustomerRoot' } };
    const setup: UserFormSetup = {
      screen: 'ownUsers',
      mode: 'edit',
      actor: Role.CustomerRoot,
      actorId: me.id,
      stored: me,
    };
    const { actor, state, save, errors } = start(setup, userFormFromUser(me));
    // typed events: the field names and the value types of UserFormValues
    actor.send({ type: 'CHANGE', field: 'phone', value: '+17875550199' });
    actor.send({ type: 'CHANGE', field: 'rol_id', value: Role.Customer });
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('editing');
    expect(errors()).toEqual({
      current_password: ['Current Password is required'],
      rol_id: ['You cannot deactivate your own user or change its role'],
    });
    actor.send({ type: 'CHANGE', field: 'rol_id', value: Role.CustomerRoot });
    actor.send({ type: 'CHANGE', field: 'current_password', value: 'Wrong.Pass1' });
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('saving');
    expect(userFormBody(save.calls[0]!, setup)).toMatchObject({
      phone: '+17875550199',
      current_password: 'Wrong.Pass1',
      rol_id: 4,
    });
    // the server's wrong-password answer shows on the field, until it is typed again
    save.reject(new FieldFailure({ current_password: ['The current password is not correct'] }));
    await tick();
    expect(state().value).toBe('failed');
    expect(errors()).toEqual({ current_password: ['The current password is not correct'] });
    actor.send({ type: 'CHANGE', field: 'current_password', value: 'Right.Pass1' });
    expect(errors()).toEqual({});
  });
});
