import * as v from 'valibot';
import { idField, type ExampleLanguage, type IngestExample } from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

/** `/:module/:application` (docs/product.md#http-calls: module id and application id). */
export const ModuleApplicationParams = /* @__PURE__ */ (() =>
  v.object({ module: idField(), application: idField() }))();

/** docs/product.md#http-calls: the first item's body holds the new key, shown once (only its hash is kept). */
export type CredentialAnswer = [{ status: '200'; message: string; body: { credentialKey: string; module_id: number } }];
/** docs/product.md#http-calls: the first item's Body maps each language to its example. */
export type ExamplesAnswer = [{ Body: Record<ExampleLanguage, IngestExample> }];

/**
 * GET /api/events/module/credential/{module}/{application}: a new credential key for the module; the
 * old one stops working at once. A GET that changes state, as docs/product.md#http-calls has it, kept for the clients
 * that call it: only a Customer Root may call it, every answer is no-store, and a browser request
 * that is not same-origin (`Sec-Fetch-Site`) is refused, so a link or an image on another site
 * cannot rotate a key (docs/security.md).
 */
export const generateCredential = endpoint({
  name: 'generateCredential',
  method: 'GET',
  path: '/api/events/module/credential/:module/:application',
  params: ModuleApplicationParams,
  response: reply<CredentialAnswer>(),
  auth: 'session',
  permissions: ['catalogue.write'],
});

/** The same new key as a POST, under the cross-site rules of every write: what the web app calls. */
export const createCredential = endpoint({
  name: 'createCredential',
  method: 'POST',
  path: '/api/events/module/credential/:module/:application',
  params: ModuleApplicationParams,
  response: reply<CredentialAnswer>(),
  auth: 'session',
  permissions: ['catalogue.write'],
});

/** GET /api/events/module/examples/{id}: working ingest code for the module in six languages. */
export const moduleExamples = endpoint({
  name: 'moduleExamples',
  method: 'GET',
  path: '/api/events/module/examples/:id',
  params: IdParams,
  response: reply<ExamplesAnswer>(),
  auth: 'session',
  permissions: ['catalogue.read'],
});

export const moduleToolEndpoints = { generateCredential, createCredential, moduleExamples };
