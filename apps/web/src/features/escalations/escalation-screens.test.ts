import { Role } from '@relevo/domain';
import { describe, expect, it } from 'vitest';
import { escalationRights, resourceNames, stepsPath } from './escalation-screens';

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
});
