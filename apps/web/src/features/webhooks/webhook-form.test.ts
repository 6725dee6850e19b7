import { WEBHOOK_CHANGES, WEBHOOK_MESSAGES } from '@relevo/domain';
import { describe, expect, it } from 'vitest';
import {
  GENERATED_SECRET_LENGTH,
  emptyWebhookForm,
  generateSigningSecret,
  webhookCreateBody,
  webhookFormErrors,
} from './webhook-form';

describe('the Add Webhook form (docs/product.md#outgoing-webhooks)', () => {
  it('starts empty, hearing of every change, and says what is missing with the contract’s messages', () => {
    expect(emptyWebhookForm().changes).toEqual([...WEBHOOK_CHANGES]);
    expect(webhookFormErrors({ ...emptyWebhookForm(), changes: [] })).toEqual({
      webhook_url: [WEBHOOK_MESSAGES.urlRequired],
      signing_secret: [WEBHOOK_MESSAGES.secretRequired],
      changes: [WEBHOOK_MESSAGES.changesRequired],
    });
  });

  it('makes the body of a valid form: the URL trimmed, the changes in the events’ order', () => {
    const secret = generateSigningSecret();
    const values = {
      webhook_url: '  https://hooks.example.com/relevo ',
      webhook_desc: 'Status page',
      signing_secret: secret,
      changes: ['resolved', 'created'] as const,
    };
    expect(webhookFormErrors({ ...values, changes: [...values.changes] })).toEqual({});
    expect(webhookCreateBody({ ...values, changes: [...values.changes] })).toEqual({
      webhook_url: 'https://hooks.example.com/relevo',
      webhook_desc: 'Status page',
      signing_secret: secret,
      changes: ['created', 'resolved'],
    });
  });

  it('generates a secret of 48 letters and digits the contract accepts, a new one each time', () => {
    const first = generateSigningSecret();
    expect(first).toMatch(new RegExp(`^[A-Za-z0-9]{${GENERATED_SECRET_LENGTH}}$`));
    expect(generateSigningSecret()).not.toBe(first);
    expect(
      webhookFormErrors({ ...emptyWebhookForm(), webhook_url: 'https://a.example', signing_secret: first }),
    ).toEqual({});
  });

  it('draws again a byte above the alphabet’s last whole multiple, so no character is likelier', () => {
    // 248..255 would wrap onto the alphabet's first 8 characters: they are skipped
    let call = 0;
    const secret = generateSigningSecret((bytes) => {
      bytes.fill(call++ === 0 ? 255 : 1);
      return bytes;
    });
    expect(secret).toBe('B'.repeat(GENERATED_SECRET_LENGTH));
  });
});
