import { ApiError, type TestSendAnswer } from '@relevo/api';
import {
  PROVIDER_MESSAGES,
  TEST_SEND_MESSAGES,
  type DeliverySettingsView,
  type ProviderSettingsView,
  type TestSendResult,
} from '@relevo/domain';
import type { DeliveryCalls } from '../features/delivery/delivery-calls';
import type { ResourceTestCalls } from '../features/resources/resource-test-calls';
import { never } from './fixtures';

const SAVED_AT = '2026-03-02T15:00:00.000Z';

/** Twilio with its auth token saved (the API answers only that it is set) and a generic webhook. */
export const storyProviders: ProviderSettingsView[] = [
  {
    provider: 'twilio',
    values: { account_sid: `AC${'0123456789abcdef'.repeat(2)}`, from: '+17875550100', api_url: '' },
    secrets: { auth_token: true },
    updated_at: SAVED_AT,
    updated_by: 'staff@relevo.demo',
  },
  {
    provider: 'webhook',
    values: { url: 'https://alerts.democompany.demo/relevo' },
    secrets: { signing_secret: true },
    updated_at: SAVED_AT,
    updated_by: 'edit@relevo.demo',
  },
];

export const storyDelivery: DeliverySettingsView = {
  customer_id: 2,
  customer_name: 'Demo Company',
  providers: storyProviders,
  chain: ['twilio', 'webhook'],
  country_chains: [{ country_code: '34', chain: ['webhook', 'twilio'] }],
  default_chain: ['twilio', 'webhook'],
};

/** A customer with no settings of its own: the deployment's order applies. */
export const storyEmptyDelivery: DeliverySettingsView = {
  ...storyDelivery,
  providers: [],
  chain: [],
  country_chains: [],
};

export type StoryDeliveryState = 'filled' | 'empty' | 'loading' | 'failed' | 'fieldErrors' | 'checkFailed';

/** The Delivery screen's calls over the fixtures: saves answer the saved settings; Check answers by the state. */
export function storyDeliveryCalls(state: StoryDeliveryState = 'filled'): DeliveryCalls {
  const view = state === 'empty' ? storyEmptyDelivery : storyDelivery;
  return {
    get:
      state === 'loading' ? never : state === 'failed' ? () => Promise.reject(new ApiError(0, null)) : async () => view,
    saveProvider: async (_id, provider, values) =>
      state === 'fieldErrors'
        ? Promise.reject(
            new ApiError(422, {
              detail: [{ loc: ['body', 'values', 'from'], msg: 'This number is not a Twilio number of the account' }],
            }),
          )
        : {
            provider,
            values: Object.fromEntries(Object.entries(values).filter(([name]) => !name.includes('token'))),
            secrets: { auth_token: true },
            updated_at: '2026-03-03T15:00:00.000Z',
            updated_by: 'staff@relevo.demo',
          },
    removeProvider: async (_id, provider) =>
      provider === 'twilio'
        ? Promise.reject(new ApiError(409, { detail: PROVIDER_MESSAGES.inUse(provider) }))
        : { Message: PROVIDER_MESSAGES.removed(provider) },
    checkProvider: async (_id, provider) =>
      state === 'checkFailed'
        ? { provider, ok: false, message: 'Twilio refused the credentials: Authenticate (20003)' }
        : { provider, ok: true, message: PROVIDER_MESSAGES.checked(provider) },
    saveChain: async (_id, body) => ({ ...view, ...body }),
  };
}

const REQUESTED_AT = '2026-03-04T14:30:00.000Z';

const result = (
  channel: TestSendResult['channel'],
  status: TestSendResult['status'],
  more: Partial<TestSendResult> = {},
): TestSendResult => ({
  channel,
  phone: '+17875550187',
  provider: 'twilio',
  message_id: channel === 'sms' ? 'SM5f1e0c2a9b7d4e3f8a6b5c4d3e2f1a0b' : 'CA0b1a2f3e4d5c6b7a8f3e4d7b9a2c0e1f',
  status,
  detail: null,
  ...more,
});

export type StoryTestState = 'none' | 'pending' | 'delivered' | 'failed' | 'tooSoon' | 'noPhone';

const ANSWERS: Record<Exclude<StoryTestState, 'tooSoon' | 'noPhone'>, TestSendResult[]> = {
  none: [],
  pending: [result('sms', 'sent'), result('voice', 'queued', { message_id: null })],
  delivered: [result('sms', 'delivered'), result('voice', 'delivered')],
  failed: [
    result('sms', 'delivered'),
    result('voice', 'failed', {
      provider: 'webhook',
      message_id: null,
      detail: 'Twilio: busy; then Generic webhook: the webhook answered 502',
    }),
  ],
};

/**
 * "Send a test" over the fixtures: the dialog opens on no test yet; the send answers `state`'s
 * results (pending ones stay pending), or the 429 / 422 refusal in the server's words.
 */
export function storyTestCalls(state: StoryTestState = 'delivered'): ResourceTestCalls {
  let sent: TestSendResult[] = [];
  const answer = (results: TestSendResult[]): TestSendAnswer => ({
    resource_id: 3,
    requested_at: results.length ? REQUESTED_AT : null,
    results,
  });
  return {
    results: async () => answer(sent),
    send: async () => {
      if (state === 'tooSoon') return Promise.reject(new ApiError(429, { detail: TEST_SEND_MESSAGES.tooSoon }));
      if (state === 'noPhone') return Promise.reject(new ApiError(422, { detail: TEST_SEND_MESSAGES.noPhone }));
      sent = ANSWERS[state];
      return answer(sent);
    },
  };
}
