import { describe, expect, it } from 'vitest';
import { TEST_MESSAGES_PER_HOUR, TEST_SEND_MESSAGES, testSendText } from './test-send';

describe('Send a test (docs/product.md#send-a-test)', () => {
  it("speaks the resource's language on each channel", () => {
    expect(testSendText('sms', 'EN', 'Dana')).toBe(
      'Relevo test for Dana: this number receives incident alerts by SMS. No reply is needed.',
    );
    expect(testSendText('voice', 'ES', 'Dana')).toMatch(/^Esta es una llamada de prueba de Relevo para Dana\./);
    expect(testSendText('sms', 'ES', 'Dana')).not.toBe(testSendText('sms', 'EN', 'Dana'));
  });

  it('names the hourly cap in its refusal', () => {
    expect(TEST_SEND_MESSAGES.tooMany).toContain(`${TEST_MESSAGES_PER_HOUR} test messages`);
  });
});
