import { Role } from '@relevo/domain';
import { describe, expect, it } from 'vitest';
import { escalationRights, resourceNames, scheduleOptions, stepCallee, stepsPath } from './escalation-screens';

describe('escalation screens', () => {
  it('lets a Customer Root change everything and a Customer only read (docs/product.md#roles-and-permissions)', () => {
    expect(Object.values(escalationRights(Role.CustomerRoot)).every(Boolean)).toBe(true);
    expect(Object.values(escalationRights(Role.Customer)).some(Boolean)).toBe(false);
    expect(Object.values(escalationRights(Role.StaffRoot)).some(Boolean)).toBe(false);
  });

  it('splits the resources of a row and names the steps route', () => {
    expect(resourceNames(' Ana Torres, Luis Soto ,,')).toEqual(['Ana Torres', 'Luis Soto']);
    expect(resourceNames('')).toEqual([]);
    expect(stepsPath(7)).toBe('/escalation/7/resources');
  });

  it("offers the active schedules after the placeholder and keeps an edited step's own schedule", () => {
    const active = [
      { schedule_id: 21, schedule_name: 'Database on call' },
      { schedule_id: 22, schedule_name: 'Front desk' },
    ];
    expect(scheduleOptions(active)).toEqual([
      { value: null, text: 'Select Schedule' },
      { value: 21, text: 'Database on call' },
      { value: 22, text: 'Front desk' },
    ]);
    // made inactive since the step was saved: still shown, so the step opens as it is
    expect(
      scheduleOptions(active, { schedule_id: 9, schedule_name: 'Old rota' }).map((option) => option.value),
    ).toEqual([null, 9, 21, 22]);
    expect(
      scheduleOptions(active, { schedule_id: 22, schedule_name: 'Front desk' }).map((option) => option.value),
    ).toEqual([null, 21, 22]);
  });

  it('names whom a step calls: its resource, or whoever is on call in its schedule', () => {
    expect(stepCallee({ resource: { resource_id: 3, resource_fullname: 'Ana Torres' }, schedule: null })).toBe(
      'Ana Torres',
    );
    expect(stepCallee({ resource: null, schedule: { schedule_id: 21, schedule_name: 'Database on call' } })).toBe(
      'On call: Database on call',
    );
  });
});
