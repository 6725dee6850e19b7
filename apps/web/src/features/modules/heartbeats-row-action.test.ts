import { listHeartbeats } from '@relevo/api';
import { Role, mayCall } from '@relevo/domain';
import { describe, expect, it } from 'vitest';
import { HEARTBEATS_READ, heartbeatsTitle } from './heartbeats-row-action';

describe("the Modules list's heartbeats action", () => {
  it('is shown to exactly the roles that may list heartbeats', () => {
    expect(HEARTBEATS_READ.permissions).toEqual(listHeartbeats.permissions);
    for (const role of Object.values(Role))
      expect(mayCall(role, HEARTBEATS_READ), String(role)).toBe(mayCall(role, listHeartbeats));
    expect(mayCall(Role.Customer, HEARTBEATS_READ)).toBe(true);
    expect(mayCall(Role.StaffRoot, HEARTBEATS_READ)).toBe(false);
  });

  it('is named after the module', () => {
    expect(heartbeatsTitle('Checkout')).toBe('Heartbeats of Checkout');
  });
});
