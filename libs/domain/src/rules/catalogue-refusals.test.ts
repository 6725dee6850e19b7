import { describe, expect, it } from 'vitest';
import { applicationDeleteRefusal, escalationDeleteRefusal, moduleChoiceRefusals, resourceDeleteRefusal, slaDeleteRefusal } from './catalogue-refusals';

describe('catalogue deletions refused while in use', () => {
  it('lets an unused record go', () => {
    expect([resourceDeleteRefusal([]), slaDeleteRefusal([]), escalationDeleteRefusal([]), applicationDeleteRefusal([])]).toEqual([null, null, null, null]);
  });

  it('names what uses the record, in the singular and the plural', () => {
    expect(resourceDeleteRefusal(['Night shift'])).toBe('This resource cannot be deleted: it is a step of the escalation "Night shift". Remove it from it first.');
    expect(resourceDeleteRefusal(['A', 'B'])).toBe('This resource cannot be deleted: it is a step of the escalations "A", "B". Remove it from them first.');
    expect(slaDeleteRefusal(['Checkout'])).toBe('This SLA cannot be deleted: the module "Checkout" uses it. Choose another SLA there first.');
    expect(escalationDeleteRefusal(['Checkout', 'Billing'])).toBe('This escalation cannot be deleted: the modules "Checkout", "Billing" use it. Choose another escalation there first.');
    expect(applicationDeleteRefusal(['Checkout'])).toBe('This application cannot be deleted: it still has the module "Checkout". Delete it first.');
  });

  it('names five and counts the rest', () => {
    expect(slaDeleteRefusal(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('This SLA cannot be deleted: the modules "a", "b", "c", "d", "e" and 2 more use it. Choose another SLA there first.');
  });

  it('refuses a module an inactive or incomplete escalation, or an inactive SLA', () => {
    const good = { escalation: { escalation_active: 'Y' as const, escalation_validate: 'Y' as const }, sla: { sla_active: 'Y' as const } };
    expect(moduleChoiceRefusals(good)).toEqual({});
    expect(moduleChoiceRefusals({ ...good, escalation: { escalation_active: 'N', escalation_validate: 'Y' } })).toEqual({ escalation_id: 'unusable' });
    expect(moduleChoiceRefusals({ ...good, escalation: { escalation_active: 'Y', escalation_validate: 'N' } })).toEqual({ escalation_id: 'unusable' });
    expect(moduleChoiceRefusals({ ...good, sla: { sla_active: 'N' } })).toEqual({ sla_id: 'unusable' });
  });
});
