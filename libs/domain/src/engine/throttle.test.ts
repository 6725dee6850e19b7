import { describe, expect, it } from 'vitest';
import { bundleMessage, customerSlot, recipientSlot, THROTTLE } from './throttle';

const T0 = Date.UTC(2026, 10, 24, 3, 0, 0);
const others = Array.from({ length: 7 }, (_, i) => ({
  label: `CASE000${i} Disk almost full on db-${i}`,
  subject: `[Relevo] Case CASE000${i}: Disk almost full on db-${i}`,
  body: `New incident.\n\nCase CASE000${i}\nDisk almost full on db-${i}\n\nAccept or resolve: https://relevo.test/respond/${i}\n`,
}));

describe('throttling and bundling (docs/product.md#escalation-engine)', () => {
  it('lets one message per person and channel through each minute', () => {
    expect(recipientSlot(null, T0)).toBe(T0);
    expect(recipientSlot(T0, T0 + 59_999)).toBe(T0 + 60_000);
    expect(recipientSlot(T0, T0 + 60_000)).toBe(T0 + 60_000);
    expect(recipientSlot(T0, T0 + 90_000)).toBe(T0 + 90_000);
    expect(THROTTLE.recipientWindowMs).toBe(60_000);
  });

  it("holds a customer's messages above its cap until the next window, and counts afresh there", () => {
    let window = null as Parameters<typeof customerSlot>[0];
    const sendAts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const slot = customerSlot(window, 2, T0 + i * 1000);
      sendAts.push(slot.sendAt);
      window = slot.window;
    }
    expect(sendAts).toEqual([T0, T0 + 1000, T0 + 60_000]);
    expect(window).toEqual({ started_at: T0, count: 2 });
    // the held message, at the start of the next window, goes
    expect(customerSlot(window, 2, T0 + 60_000)).toEqual({
      sendAt: T0 + 60_000,
      window: { started_at: T0 + 60_000, count: 1 },
    });
  });

  it('sends nothing before a window opened ahead by a held-back message: later messages wait for it and count in it', () => {
    // the third message of a cap of 2 waits for the next minute and opens that window with its count
    const full = { started_at: T0, count: 2 };
    const held = customerSlot(full, 2, T0 + 5_000);
    expect(held.sendAt).toBe(T0 + 60_000);
    const opened = customerSlot(held.window, 2, held.sendAt);
    expect(opened).toEqual({ sendAt: T0 + 60_000, window: { started_at: T0 + 60_000, count: 1 } });
    // a message 10 s later is still inside the full minute: it goes with the next window, not at once
    const next = customerSlot(opened.window, 2, T0 + 15_000);
    expect(next).toEqual({ sendAt: T0 + 60_000, window: { started_at: T0 + 60_000, count: 2 } });
    // and the one after is held to the minute after that
    expect(customerSlot(next.window, 2, T0 + 16_000).sendAt).toBe(T0 + 120_000);
  });

  it('names the bundled incidents in an SMS or a call, a few and then how many more', () => {
    const lead = {
      subject: null,
      body: 'New incident. Case LEAD0001: Checkout errors above 5% Accept or resolve: https://relevo.test/respond/x',
    };
    expect(bundleMessage('sms', 'EN', lead, [])).toBe(lead);
    expect(bundleMessage('sms', 'EN', lead, others.slice(0, 3)).body).toBe(
      `${lead.body} | 3 more incidents: CASE0000 Disk almost full on db-0; CASE0001 Disk almost full on db-1; CASE0002 Disk almost full on db-2`,
    );
    expect(bundleMessage('voice', 'ES', lead, others).body).toBe(
      `${lead.body} | 7 incidentes más: CASE0000 Disk almost full on db-0; CASE0001 Disk almost full on db-1; CASE0002 Disk almost full on db-2; CASE0003 Disk almost full on db-3; CASE0004 Disk almost full on db-4; y 2 más`,
    );
    expect(bundleMessage('sms', 'EN', lead, others.slice(0, 1)).body).toContain('| 1 more incident: CASE0000');
  });

  it('keeps every bundled e-mail whole, with its own link', () => {
    const lead = { subject: '[Relevo] Case LEAD0001: Checkout errors', body: 'New incident.\n\nCase LEAD0001\n' };
    const mail = bundleMessage('email', 'EN', lead, others.slice(0, 2));
    expect(mail.subject).toBe('[Relevo] Case LEAD0001: Checkout errors (+2 more)');
    expect(mail.body.split('\n---\n')).toHaveLength(3);
    expect(mail.body).toContain('https://relevo.test/respond/0');
    expect(mail.body).toContain('https://relevo.test/respond/1');
    expect(mail.body).toContain('[Relevo] Case CASE0001: Disk almost full on db-1');
  });
});
