import type * as v from 'valibot';
import { MAX_TEXT, form, requiredText, ynFlag } from '../rules/fields';
import type { Stamped, YesNo } from './reference';

/** docs/product.md#application: a system of the customer, holding modules. */
export type Application = {
  id: number;
  application_id: number;
  application_name: string;
  application_active: YesNo;
  /** docs/product.md#entities: its modules' names, comma-separated (the list's hover) */
  modules: string;
} & Stamped<'application'>;

export const APPLICATION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTaken: 'An application with this name already exists',
  activeRequired: 'Status must be ACTIVE or INACTIVE',
  notFound: 'Application not found',
} as const;

export const ApplicationCreateSchema = /* @__PURE__ */ (() =>
  form({ application_name: requiredText(APPLICATION_MESSAGES.nameRequired, MAX_TEXT) }))();
export type ApplicationCreate = v.InferOutput<typeof ApplicationCreateSchema>;

export const ApplicationUpdateSchema = /* @__PURE__ */ (() =>
  form({
    application_name: requiredText(APPLICATION_MESSAGES.nameRequired, MAX_TEXT),
    application_active: ynFlag(APPLICATION_MESSAGES.activeRequired),
  }))();
export type ApplicationUpdate = v.InferOutput<typeof ApplicationUpdateSchema>;
