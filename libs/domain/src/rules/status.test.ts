import { describe, expect, it } from 'vitest';
import { activeFlagStatus, eventStatus, slaComplianceStatus, userStatus } from './status';

describe('status badges (docs/product.md#states-and-transitions, #constants-and-limits; conventions: status colours)', () => {
  it('reads Y/N and 1/0 as ACTIVE in green and INACTIVE in grey', () => {
    expect(activeFlagStatus('Y')).toEqual({ tone: 'success', label: 'ACTIVE' });
    expect(activeFlagStatus('N')).toEqual({ tone: 'neutral', label: 'INACTIVE' });
    expect(userStatus(1)).toEqual({ tone: 'success', label: 'ACTIVE' });
    expect(userStatus(0)).toEqual({ tone: 'neutral', label: 'INACTIVE' });
  });

  it('gives each event status its colour and a text, cancel read like canceled, whatever the case', () => {
    expect(eventStatus('completed')).toEqual({ tone: 'success', label: 'Completed' });
    expect(eventStatus('canceled')).toEqual({ tone: 'neutral', label: 'Canceled' });
    expect(eventStatus('cancel')).toEqual({ tone: 'neutral', label: 'Canceled' });
    expect(eventStatus('OPEN')).toEqual({ tone: 'danger', label: 'Open' });
    expect(eventStatus('progress')).toEqual({ tone: 'warning', label: 'In progress' });
  });

  it('shows an event status it does not know as it came, in grey', () => {
    expect(eventStatus('paused')).toEqual({ tone: 'neutral', label: 'paused' });
  });

  it('colours SLA compliance YES green and NO red', () => {
    expect(slaComplianceStatus('YES')).toEqual({ tone: 'success', label: 'YES' });
    expect(slaComplianceStatus('NO')).toEqual({ tone: 'danger', label: 'NO' });
  });
});
