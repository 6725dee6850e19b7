import { fieldMessagesOf } from '@relevo/api';
import {
  PREFERRED_COUNTRIES,
  SUPPORTED_COUNTRIES,
  USER_MESSAGES,
  USER_STATUS_OPTIONS,
  customerOptions,
  emptyUserForm,
  recordFormErrors,
  roleOptions,
  userFormFromUser,
  userFormInput,
  userFormLayout,
  userFormMachine,
  type Actor,
  type Customer,
  type ListOf,
  type User,
  type UserFormSetup,
  type UserFormValues,
  type UserScreen,
} from '@relevo/domain';
import { FormModal, PasswordField, PhoneInput, SelectField, TextField, type SelectOption } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { t } from '../../shell/i18n';
import { useLoaded, useSavedOnce } from '../../shell/loaded';
import { NewPasswordFields } from '../../shell/NewPasswordFields';
import { choiceOf } from '../../shell/form-choice';
import { bindFields } from '../../shell/shown-errors';
import '../../shell/form-grid.css';
import './UserModal.css';

export interface UserModalProps {
  screen: UserScreen;
  /** the signed-in user: its role decides which roles can be chosen; its own row keeps role and status */
  actor: Actor;
  /** the user being edited; null creates one */
  user: User | null;
  /** creates or updates; a failure it has not shown on a field is already reported (docs/product.md#messages) */
  save: (values: UserFormValues) => Promise<User>;
  /** the customer dropdown of Customer Users (docs/product.md#http-calls: not_root, page size 100) */
  loadCustomers?: () => Promise<ListOf<Customer>>;
  onSaved: (saved: User) => void;
  onClose: () => void;
}

/**
 * docs/product.md#user-lists user modal, for the three user screens: name, last name, e-mail (fixed once created),
 * an optional phone, the password pair on create, the role (only grantable roles selectable), the
 * customer on Customer Users, and the status on edit only (docs/product.md#states-and-transitions). On one's own row the role and
 * status stay as they are, and a new phone asks for the current password (issue: account security).
 */
export function UserModal({ screen, actor, user, save, loadCustomers, onSaved, onClose }: UserModalProps) {
  const [setup] = useState<UserFormSetup>(() =>
    user
      ? { screen, mode: 'edit', actor: actor.role, actorId: actor.id, stored: user }
      : { screen, mode: 'create', actor: actor.role, actorId: actor.id },
  );
  const [machine] = useState(() =>
    userFormMachine.provide({ actors: { save: fromPromise<User, UserFormValues>(({ input }) => save(input)) } }),
  );
  const [state, send] = useMachine(machine, {
    input: userFormInput(setup, user ? userFormFromUser(user) : emptyUserForm(), fieldMessagesOf),
  });
  const { context } = state;
  const { values } = context;
  const layout = userFormLayout(setup, values);
  const errors = recordFormErrors(context);
  const isSaving = state.matches('saving');
  const isSaved = state.matches('saved');
  const form = { values, errors, send };

  useSavedOnce(isSaved, context.saved, onSaved);

  const customers = useLoaded(layout.hasCustomer ? loadCustomers : undefined);
  const customerChoices = useMemo<SelectOption[]>(() => {
    const listed = customers.state === 'loaded' ? customers.value.list : [];
    // the user's own customer stays choosable even when it is not among the first page of the dropdown
    const current =
      user?.customer && !listed.some((customer) => customer.customer_id === user.customer?.customer_id)
        ? [user.customer]
        : [];
    // the placeholder is Relevo's text; the customers are named as they are
    return customerOptions([...current, ...listed]).map((option) =>
      option.value === null ? { ...option, text: t(option.text) } : option,
    );
  }, [customers, user]);

  type TextField = 'name' | 'last_name' | 'email' | 'phone' | 'password' | 'confirm_password' | 'current_password';
  const field = bindFields<TextField>(values, errors, (name, value) => send({ type: 'CHANGE', field: name, value }));
  const numberOrNull = (value: string | number | null) => (value === null || value === '' ? null : Number(value));
  const roleOf = (value: string | number | null) =>
    roleOptions(actor.role, screen).find((option) => option.value !== null && option.value === numberOrNull(value))
      ?.value ?? null;
  const showsFailure = state.matches('failed') && context.error && Object.keys(context.serverErrors).length === 0;
  // the role names stay as the product names them; the placeholder is in the reader's language
  const roles = roleOptions(actor.role, screen).map((option) =>
    option.value === null ? { ...option, text: t(option.text) } : option,
  );

  return (
    <FormModal
      open={!isSaved}
      title={user ? t('Edit User') : t('Create User')}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
      error={showsFailure && context.error ? t(context.error) : null}
    >
      <div className="form-grid">
        <TextField label={t('Name')} autoComplete="off" required autoFocus {...field('name')} />
        <TextField label={t('Last Name')} autoComplete="off" required {...field('last_name')} />
      </div>
      <div className="form-grid">
        <TextField
          label={t('Email')}
          type="email"
          autoComplete="off"
          required={!layout.emailLocked}
          readOnly={layout.emailLocked}
          hint={layout.emailLocked ? t('The e-mail cannot be changed once the user is created.') : undefined}
          {...field('email')}
        />
        <PhoneInput
          label={t('Phone')}
          countries={SUPPORTED_COUNTRIES}
          preferredCountries={PREFERRED_COUNTRIES}
          {...field('phone')}
        />
      </div>
      {layout.hasCurrentPassword ? (
        <PasswordField
          label={t('Current password')}
          autoComplete="current-password"
          required
          hint={t('Your own phone changes only with your password. The old phone and your e-mail get a notice.')}
          {...field('current_password')}
        />
      ) : null}
      {layout.hasPassword ? (
        <NewPasswordFields
          password={field('password')}
          confirm={field('confirm_password')}
          labels={[t('Password'), t('Confirm Password')]}
          rules
        />
      ) : null}
      <div className="form-grid">
        <SelectField
          label={t('Role')}
          required
          options={roles}
          disabled={layout.roleAndStatusLocked}
          {...choiceOf(form, 'rol_id', roleOf)}
        />
        {layout.hasCustomer ? (
          <SelectField
            label={t('Customer')}
            name="customer_id"
            required
            options={customerChoices}
            value={values.customer_id}
            error={
              errors.customer_id?.map((message) => t(message)).join(' ') ??
              (customers.state === 'failed' ? t('The customers could not be loaded') : undefined)
            }
            disabled={customers.state === 'loading'}
            onChange={(value) => send({ type: 'CHANGE', field: 'customer_id', value: numberOrNull(value) })}
          />
        ) : null}
        {layout.hasStatus ? (
          <SelectField
            label={t('Status')}
            required
            options={USER_STATUS_OPTIONS.map((option) => ({ ...option, text: t(option.text) }))}
            disabled={layout.roleAndStatusLocked}
            {...choiceOf(form, 'status', (chosen) => (Number(chosen) === 1 ? 1 : 0))}
          />
        ) : null}
      </div>
      {layout.roleAndStatusLocked ? <p className="user-modal__note">{t(USER_MESSAGES.selfDemote)}.</p> : null}
    </FormModal>
  );
}
