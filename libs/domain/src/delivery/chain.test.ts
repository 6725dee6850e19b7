import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  CHAIN_MESSAGES,
  DELIVERY_STATUSES,
  DeliveryChainSchema,
  chainFor,
  failoverNote,
  isUndelivered,
  nextProvider,
  parseDeliveryChain,
  readFailovers,
  reportReason,
} from './chain';
import { PROVIDER_MESSAGES, providerSettingIssues } from './providers';

describe('the delivery chain (docs/product.md#delivery-providers)', () => {
  it('reads DELIVERY_CHAIN, refusing an empty, unknown or repeated provider', () => {
    expect(parseDeliveryChain(' Twilio , webhook')).toEqual({ chain: ['twilio', 'webhook'] });
    expect(parseDeliveryChain(' , ')).toEqual({ error: CHAIN_MESSAGES.empty });
    expect(parseDeliveryChain('twilio,plivo')).toEqual({ error: CHAIN_MESSAGES.unknown('plivo') });
    expect(parseDeliveryChain('sns,twilio,sns')).toEqual({ error: CHAIN_MESSAGES.repeated('sns') });
  });

  it('takes the chain of the longest country code the number starts with, without providers that do not carry the channel', () => {
    const chains = {
      chain: ['sns', 'twilio', 'webhook'] as const,
      countryChains: [
        { countryCode: '1', chain: ['telnyx', 'webhook'] as const },
        { countryCode: '1787', chain: ['vonage', 'sns'] as const },
      ],
    };
    expect(chainFor(chains, '+34612345678', 'sms')).toEqual(['sns', 'twilio', 'webhook']);
    // SNS carries no call
    expect(chainFor(chains, '+34612345678', 'voice')).toEqual(['twilio', 'webhook']);
    expect(chainFor(chains, '+12025550123', 'sms')).toEqual(['telnyx', 'webhook']);
    expect(chainFor(chains, '+17875550142', 'sms')).toEqual(['vonage', 'sns']);
    expect(chainFor(chains, '+17875550142', 'voice')).toEqual(['vonage']);
  });

  it('gives a contact its first provider, then one failover, never a third', () => {
    const chain = ['twilio', 'vonage', 'webhook'] as const;
    expect(nextProvider(chain, 0)).toBe('twilio');
    expect(nextProvider(chain, 1)).toBe('vonage');
    expect(nextProvider(chain, 2)).toBeNull();
    expect(nextProvider(['twilio'], 1)).toBeNull();
    expect(['failed', 'busy', 'no-answer'].every((s) => isUndelivered(s as 'failed'))).toBe(true);
    expect(['queued', 'sent', 'delivered'].some((s) => isUndelivered(s as 'sent'))).toBe(false);
    expect(failoverNote('twilio', 'busy', 'vonage')).toBe('Twilio: busy; then Vonage');
    // a provider's report in a note: its label in lower case, read back into its status
    expect(DELIVERY_STATUSES.map(reportReason)).toEqual(['queued', 'sent', 'delivered', 'failed', 'busy', 'no answer']);
    expect(readFailovers(failoverNote('telnyx', reportReason('no-answer'), 'webhook'))?.[0]?.report).toBe('no-answer');
  });

  it('reads the failovers back from a note, one or several, and nothing from another text', () => {
    expect(readFailovers(failoverNote('twilio', 'busy', 'vonage'))).toEqual([
      { from: 'twilio', why: 'busy', to: 'vonage', report: 'busy' },
    ]);
    const two = [
      failoverNote('twilio', 'Twilio answered 503: down; try later', 'sns'),
      failoverNote('sns', 'no answer', 'webhook'),
    ].join('; ');
    expect(readFailovers(two)).toEqual([
      { from: 'twilio', why: 'Twilio answered 503: down; try later', to: 'sns', report: null },
      { from: 'sns', why: 'no answer', to: 'webhook', report: 'no-answer' },
    ]);
    expect(readFailovers('Every provider refused it')).toBeNull();
    expect(readFailovers('Twilio: busy; then Vonage and more')).toBeNull();
    expect(readFailovers('')).toBeNull();
  });

  it('checks a saved order: known providers, none twice, country codes of 1 to 3 digits, one chain each', () => {
    const ok = { chain: ['twilio'], country_chains: [{ country_code: '34', chain: ['vonage', 'sns'] }] };
    expect(v.safeParse(DeliveryChainSchema, ok).success).toBe(true);
    const messages = (input: unknown) => v.safeParse(DeliveryChainSchema, input).issues?.map((i) => i.message) ?? [];
    expect(messages({ chain: [], country_chains: [] })).toContain(CHAIN_MESSAGES.empty);
    expect(messages({ chain: ['twilio', 'twilio'], country_chains: [] })).toContain(
      'A provider appears twice in the chain',
    );
    expect(messages({ chain: ['twilio'], country_chains: [{ country_code: '+34', chain: ['sns'] }] })).toContain(
      CHAIN_MESSAGES.countryCode,
    );
    expect(
      messages({
        chain: ['twilio'],
        country_chains: [
          { country_code: '34', chain: ['sns'] },
          { country_code: '34', chain: ['twilio'] },
        ],
      }),
    ).toContain('A country code has two chains');
  });
});

describe('provider settings', () => {
  const twilio = { account_sid: `AC${'0f'.repeat(16)}`, auth_token: 'token', from: '+17875550100' };

  it('accepts a whole account and names each wrong field with its own message', () => {
    expect(providerSettingIssues('twilio', twilio)).toEqual({});
    expect(
      providerSettingIssues('twilio', { account_sid: 'AC1', from: '7875550100', api_url: 'ftp://x', extra: 'y' }),
    ).toEqual({
      account_sid: 'An Account SID is AC followed by 32 hexadecimal characters',
      auth_token: PROVIDER_MESSAGES.required('Auth token'),
      from: PROVIDER_MESSAGES.phone('From number'),
      api_url: PROVIDER_MESSAGES.url('API base URL'),
      extra: PROVIDER_MESSAGES.unknownField('extra'),
    });
  });

  it('lets a saved secret stay when its field is left empty', () => {
    expect(providerSettingIssues('twilio', { ...twilio, auth_token: '' }, ['auth_token'])).toEqual({});
    expect(providerSettingIssues('webhook', { url: 'https://gw.example', signing_secret: 'short' })).toEqual({
      signing_secret: PROVIDER_MESSAGES.secretShort,
    });
    expect(providerSettingIssues('sns', { access_key_id: 'AKIA', secret_access_key: 's', region: 'Virginia' })).toEqual(
      {
        region: 'A region such as us-east-1',
      },
    );
  });
});
