import { fieldMessagesOf } from '@relevo/api';
import {
  customerSsoFormErrors,
  customerSsoFormFromSso,
  customerSsoRecordForm,
  type Customer,
  type CustomerSso,
} from '@relevo/domain';
import { PasswordField, Spinner, TextField } from '@relevo/ui';
import { useEffect, useState } from 'react';
import { t } from '../../shell/i18n';
import { RecordFormModal, useRecordForm } from '../../shell/record-form-modal';
import { reportError } from '../../shell/report-error';
import type { CustomerSsoCalls } from './sso-calls';

export interface CustomerSsoModalProps {
  customer: Pick<Customer, 'customer_id' | 'customer_name'>;
  calls: CustomerSsoCalls;
  onClose: () => void;
  onSaved: (saved: CustomerSso) => void;
}

/**
 * docs/product.md#single-sign-on: a customer's own OpenID provider and the e-mail domains it
 * claims, from its row of the Customers screen. The stored client secret is never shown: an empty
 * field keeps it.
 */
export function CustomerSsoModal({ customer, calls, onClose, onSaved }: CustomerSsoModalProps) {
  const [stored, setStored] = useState<CustomerSso | null>(null);
  useEffect(() => {
    let current = true;
    calls
      .get(customer.customer_id)
      .then((sso) => current && setStored(sso))
      .catch((error: unknown) => {
        reportError(error);
        onClose();
      });
    return () => {
      current = false;
    };
  }, [calls, customer.customer_id, onClose]);
  if (!stored) return <Spinner label={t('Loading the single sign-on of {name}', { name: customer.customer_name })} />;
  return <SsoForm stored={stored} calls={calls} onClose={onClose} onSaved={onSaved} />;
}

/** A field's problems (the domain's rules, the server's refusals) in the reader's language. */
const shown = (messages: readonly string[] | undefined) => messages?.map((message) => t(message));

function SsoForm({
  stored,
  calls,
  onClose,
  onSaved,
}: Omit<CustomerSsoModalProps, 'customer'> & { stored: CustomerSso }) {
  const { values, errors, send, isSaving, isSaved } = useRecordForm(
    customerSsoRecordForm,
    stored,
    { create: () => Promise.reject(new Error('not created')), update: calls.save },
    {
      values: customerSsoFormFromSso(stored),
      validate: (current) => customerSsoFormErrors(current, stored),
      fieldErrorsOf: fieldMessagesOf,
    },
    onSaved,
  );
  const field = (name: 'issuer' | 'client_id' | 'domains') => ({
    name,
    value: values[name],
    errors: shown(errors[name]),
    onValueChange: (value: string) => send({ type: 'CHANGE', field: name, value }),
  });
  return (
    <RecordFormModal noun={t('Single sign-on')} editing form={{ isSaving, isSaved, send }} onClose={onClose}>
      <TextField
        label={t('Issuer')}
        autoFocus
        maxLength={500}
        hint={t(
          "The provider's OpenID Connect issuer, https://. Leave the three provider fields empty to use the deployment's provider.",
        )}
        {...field('issuer')}
      />
      <TextField label={t('Client ID')} maxLength={500} {...field('client_id')} />
      <PasswordField
        label={t('Client secret')}
        name="client_secret"
        autoComplete="new-password"
        maxLength={500}
        value={values.client_secret}
        errors={shown(errors.client_secret)}
        hint={stored.has_secret ? t('A secret is kept: leave empty to keep it.') : undefined}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'client_secret', value })}
      />
      <TextField
        label={t('E-mail domains')}
        maxLength={2000}
        hint={t("The domains of the customer's e-mail addresses, separated by commas: they choose its provider.")}
        {...field('domains')}
      />
    </RecordFormModal>
  );
}
