import { describe, expect, it } from 'vitest';
import { INGEST_MESSAGES } from '../entities/incident';
import {
  applicationDeleteRefusal,
  escalationDeleteRefusal,
  moduleChoiceRefusals,
  moduleIntakeRefusal,
  resourceDeleteRefusal,
  resourceQuota,
  resourceQuotaRefusal,
  slaDeleteRefusal,
} from './catalogue-refusals';

describe('catalogue deletions refused while in use', () => {
  it('lets an unused record go', () => {
    expect([
      resourceDeleteRefusal([]),
      slaDeleteRefusal([]),
      escalationDeleteRefusal([]),
      applicationDeleteRefusal([]),
    ]).toEqual([null, null, null, null]);
  });

  it('names what uses the record, in the singular and the plural', () => {
    expect(resourceDeleteRefusal(['Night shift'])).toBe(
      'This resource cannot be deleted: it is a step of the escalation "Night shift". Remove it from it first.',
    );
    expect(resourceDeleteRefusal(['A', 'B'])).toBe(
      'This resource cannot be deleted: it is a step of the escalations "A", "B". Remove it from them first.',
    );
    // docs/product.md#schedules: a resource a schedule names stays while the schedule does
    expect(resourceDeleteRefusal([], ['Primary'])).toBe(
      'This resource cannot be deleted: it is on call in the schedule "Primary". Remove it from it first.',
    );
    expect(resourceDeleteRefusal([], ['Primary', 'Backup'])).toBe(
      'This resource cannot be deleted: it is on call in the schedules "Primary", "Backup". Remove it from them first.',
    );
    expect(resourceDeleteRefusal([], [])).toBeNull();
    expect(slaDeleteRefusal(['Checkout'])).toBe(
      'This SLA cannot be deleted: the module "Checkout" uses it. Choose another SLA there first.',
    );
    expect(escalationDeleteRefusal(['Checkout', 'Billing'])).toBe(
      'This escalation cannot be deleted: the modules "Checkout", "Billing" use it. Choose another escalation there first.',
    );
    expect(applicationDeleteRefusal(['Checkout'])).toBe(
      'This application cannot be deleted: it still has the module "Checkout". Delete it first.',
    );
  });

  it('names five and counts the rest', () => {
    expect(slaDeleteRefusal(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe(
      'This SLA cannot be deleted: the modules "a", "b", "c", "d", "e" and 2 more use it. Choose another SLA there first.',
    );
  });

  it('refuses a module an inactive or incomplete escalation, or an inactive SLA', () => {
    const good = {
      escalation: { escalation_active: 'Y' as const, escalation_validate: 'Y' as const },
      sla: { sla_active: 'Y' as const },
    };
    expect(moduleChoiceRefusals(good)).toEqual({});
    expect(moduleChoiceRefusals({ ...good, escalation: { escalation_active: 'N', escalation_validate: 'Y' } })).toEqual(
      { escalation_id: 'unusable' },
    );
    expect(moduleChoiceRefusals({ ...good, escalation: { escalation_active: 'Y', escalation_validate: 'N' } })).toEqual(
      { escalation_id: 'unusable' },
    );
    expect(moduleChoiceRefusals({ ...good, sla: { sla_active: 'N' } })).toEqual({ sla_id: 'unusable' });
  });

  it('takes incidents only on an active module with an active, complete escalation that has steps', () => {
    const ready = {
      module_active: 'Y' as const,
      escalation: { escalation_active: 'Y' as const, escalation_validate: 'Y' as const },
    };
    expect(moduleIntakeRefusal(ready)).toBeNull();
    expect(moduleIntakeRefusal({ ...ready, steps: 2 })).toBeNull();
    expect(moduleIntakeRefusal({ ...ready, module_active: 'N' })).toBe(INGEST_MESSAGES.moduleInactive);
    // an inactive module is refused as such even when its escalation is not ready either
    expect(moduleIntakeRefusal({ module_active: 'N', escalation: null })).toBe(INGEST_MESSAGES.moduleInactive);
    expect(moduleIntakeRefusal({ ...ready, escalation: null })).toBe(INGEST_MESSAGES.escalationNotReady);
    expect(moduleIntakeRefusal({ ...ready, escalation: { escalation_active: 'N', escalation_validate: 'Y' } })).toBe(
      INGEST_MESSAGES.escalationNotReady,
    );
    expect(moduleIntakeRefusal({ ...ready, escalation: { escalation_active: 'Y', escalation_validate: 'N' } })).toBe(
      INGEST_MESSAGES.escalationNotReady,
    );
    expect(moduleIntakeRefusal({ ...ready, steps: 0 })).toBe(INGEST_MESSAGES.escalationNotReady);
  });

  it('refuses one more resource once the quota is reached', () => {
    expect(resourceQuota(9, 10)).toEqual({ limit: false, count: 9, max: 10 });
    expect(resourceQuota(10, 10)).toEqual({ limit: true, count: 10, max: 10 });
    // a quota lowered below the resources already there still refuses
    expect(resourceQuota(12, 10).limit).toBe(true);
    expect(resourceQuotaRefusal({ count: 9, max: 10 })).toBeNull();
    expect(resourceQuotaRefusal({ count: 10, max: 10 })).toBe(
      'You have reached the maximum limit of subscribed resources (10). Please manage your subscriptions to add more.',
    );
  });
});
