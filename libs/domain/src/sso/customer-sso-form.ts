import { recordFormKit, recordFormMachineFor } from '../machines/record-form/record-form.machine';
import { formErrors } from '../rules/validation';
import { CustomerSsoSaveSchema, SSO_MESSAGES, type CustomerSso } from './settings';

/**
 * The single sign-on window of a customer (docs/product.md#single-sign-on): its provider and the
 * e-mail domains it claims, as typed. The domains are one text (commas or spaces between them);
 * the client secret starts empty and stays kept unless a new one is typed.
 */
export interface CustomerSsoFormValues {
  issuer: string;
  client_id: string;
  client_secret: string;
  domains: string;
}
export type CustomerSsoFormField = keyof CustomerSsoFormValues;

export const CUSTOMER_SSO_FIELDS: readonly CustomerSsoFormField[] = ['issuer', 'client_id', 'client_secret', 'domains'];

export const customerSsoFormFromSso = (sso: CustomerSso): CustomerSsoFormValues => ({
  issuer: sso.issuer,
  client_id: sso.client_id,
  client_secret: '',
  domains: sso.domains.join(', '),
});

/** The domains of the text: lower case, commas, spaces or new lines between them. */
export const domainListOf = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);

/** The body of `PUT /api/customers/:id/sso`. */
export const customerSsoBody = (values: CustomerSsoFormValues) => ({
  issuer: values.issuer.trim(),
  client_id: values.client_id.trim(),
  client_secret: values.client_secret,
  domains: domainListOf(values.domains),
});

/** The server's rules, and the secret a new provider needs (a stored one is kept for the same provider only). */
export function customerSsoFormErrors(
  values: CustomerSsoFormValues,
  stored: Pick<CustomerSso, 'issuer' | 'client_id' | 'has_secret'>,
): Partial<Record<CustomerSsoFormField, string[]>> {
  const errors: Partial<Record<CustomerSsoFormField, string[]>> = formErrors(
    CustomerSsoSaveSchema,
    customerSsoBody(values),
  );
  const body = customerSsoBody(values);
  const keeps =
    stored.has_secret && stored.issuer === body.issuer.replace(/\/+$/, '') && stored.client_id === body.client_id;
  if (body.issuer && !body.client_secret && !keeps && !errors.client_secret)
    errors.client_secret = [SSO_MESSAGES.clientSecretRequired];
  return errors;
}

export const customerSsoFormMachine = recordFormMachineFor<CustomerSsoFormValues, CustomerSso>();

/** The window's record form kit: it only edits (a customer without a provider answers empty fields). */
export const customerSsoRecordForm = /* @__PURE__ */ recordFormKit(customerSsoFormMachine, () => CUSTOMER_SSO_FIELDS, {
  id: (sso: CustomerSso) => sso.customer_id,
  createBody: customerSsoBody,
  updateBody: customerSsoBody,
});
