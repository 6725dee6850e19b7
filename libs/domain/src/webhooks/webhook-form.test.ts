import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { WEBHOOK_CHANGES, WEBHOOK_MESSAGES, type Webhook } from './webhook';
import {
  GENERATED_SECRET_LENGTH,
  WEBHOOK_DELIVERY_STATE_BADGES,
  WEBHOOK_FORM_FIELDS,
  emptyWebhookForm,
  generateSigningSecret,
  webhookChangesText,
  webhookCreateBody,
  webhookFormErrors,
  webhookFormInput,
  webhookFormMachine,
  webhookInstantText,
} from './webhook-form';

const SECRET = 'A'.repeat(GENERATED_SECRET_LENGTH);

describe('the Webhooks screen (docs/product.md#outgoing-webhooks)', () => {
  it('says the changes a webhook hears of in the events’ order, or all of them', () => {
    expect(webhookChangesText([...WEBHOOK_CHANGES].reverse())).toBe('All changes');
    expect(webhookChangesText(['resolved', 'created'])).toBe('Created, Resolved');
    expect(webhookChangesText([])).toBe('');
  });

  it('shows a delivery’s state with a text label and its tone, never colour alone', () => {
    expect(WEBHOOK_DELIVERY_STATE_BADGES.delivered).toEqual({ tone: 'success', label: 'DELIVERED' });
    expect(WEBHOOK_DELIVERY_STATE_BADGES.pending).toEqual({ tone: 'warning', label: 'PENDING' });
    expect(WEBHOOK_DELIVERY_STATE_BADGES.sending).toEqual({ tone: 'warning', label: 'SENDING' });
    expect(WEBHOOK_DELIVERY_STATE_BADGES.failed).toEqual({ tone: 'danger', label: 'FAILED' });
    expect(WEBHOOK_DELIVERY_STATE_BADGES.canceled).toEqual({ tone: 'neutral', label: 'CANCELED' });
  });

  it('reads an instant in the viewer’s zone', () => {
    expect(webhookInstantText('UTC', '2026-03-10T11:58:00.000Z')).toBe('2026-03-10 11:58 (+00:00)');
    expect(webhookInstantText('Europe/Madrid', '2026-03-10T11:58:00.000Z')).toBe('2026-03-10 12:58 (+01:00)');
  });
});

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

  it('refuses a URL that is not a full address or holds credentials, and a secret too short or with spaces', () => {
    const valid = { ...emptyWebhookForm(), webhook_url: 'https://hooks.example.com/relevo', signing_secret: SECRET };
    expect(webhookFormErrors({ ...valid, webhook_url: 'hooks.example.com/relevo' })).toEqual({
      webhook_url: [WEBHOOK_MESSAGES.urlInvalid],
    });
    expect(webhookFormErrors({ ...valid, webhook_url: 'https://relevo:secret@hooks.example.com/relevo' })).toEqual({
      webhook_url: [WEBHOOK_MESSAGES.credentials],
    });
    // which addresses it may reach is the server's to say (after DNS, with its own setting): a 422
    expect(webhookFormErrors({ ...valid, webhook_url: 'https://127.0.0.1/hook' })).toEqual({});
    expect(webhookFormErrors({ ...valid, signing_secret: 'too short' })).toEqual({
      signing_secret: [WEBHOOK_MESSAGES.secretSpaces, WEBHOOK_MESSAGES.secretLength],
    });
    expect(() => webhookCreateBody({ ...valid, changes: [] })).toThrow(WEBHOOK_MESSAGES.changesRequired);
  });

  it('saves only valid values and keeps the server’s 422 on its field until that field changes', async () => {
    const saved: unknown[] = [];
    const stored = { webhook_id: 7, webhook_url: 'https://hooks.example.com/relevo' } as Webhook;
    const machine = webhookFormMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          saved.push(webhookCreateBody(input));
          if (input.webhook_url.includes('intranet')) throw new Error('refused');
          return stored;
        }),
      },
    });
    const actor = createActor(machine, {
      input: webhookFormInput(emptyWebhookForm(), () => ({ webhook_url: [WEBHOOK_MESSAGES.privateAddress] })),
    }).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.attempted).toBe(true);
    expect(saved).toEqual([]);

    actor.send({ type: 'CHANGE', field: 'webhook_url', value: 'https://intranet.example.com/hook' });
    actor.send({ type: 'CHANGE', field: 'signing_secret', value: SECRET });
    actor.send({ type: 'CHANGE', field: 'changes', value: ['resolved'] });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(actor.getSnapshot().context.serverErrors).toEqual({ webhook_url: [WEBHOOK_MESSAGES.privateAddress] });
    expect(actor.getSnapshot().context.values.signing_secret).toBe(SECRET);

    actor.send({ type: 'CHANGE', field: 'webhook_url', value: 'https://hooks.example.com/relevo' });
    expect(actor.getSnapshot().context.serverErrors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (state) => state.matches('saved'));
    expect(actor.getSnapshot().context.saved).toBe(stored);
    expect(saved).toEqual([
      {
        webhook_url: 'https://intranet.example.com/hook',
        webhook_desc: '',
        signing_secret: SECRET,
        changes: ['resolved'],
      },
      {
        webhook_url: 'https://hooks.example.com/relevo',
        webhook_desc: '',
        signing_secret: SECRET,
        changes: ['resolved'],
      },
    ]);
  });

  it('shows every field it checks, so a 422 on one of them stays on the form', () => {
    expect(WEBHOOK_FORM_FIELDS).toEqual(Object.keys(emptyWebhookForm()));
  });

  it('starts each form from its own copy of the values', () => {
    const values = emptyWebhookForm();
    const input = webhookFormInput(values);
    input.values.changes.pop();
    expect(values.changes).toEqual([...WEBHOOK_CHANGES]);
  });
});
