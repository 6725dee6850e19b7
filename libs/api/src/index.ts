import { authEndpoints } from './endpoints/auth';
import { customerEndpoints } from './endpoints/customers';
import { customerUsers, ownUsers, staffUsers, userDashboard } from './endpoints/users';
import { clientSettings, health, listLanguages } from './endpoints/reference';
import type { AnyEndpoint } from './endpoint';

export * from './endpoint';
export * from './errors';
export * from './client';
export * from './endpoints/common';
export * from './endpoints/auth';
export * from './endpoints/customers';
export * from './endpoints/users';
export * from './endpoints/reference';

/** Every endpoint of the contract; the server registers each one and only these. */
export const ENDPOINTS: readonly AnyEndpoint[] = [
  ...Object.values(authEndpoints),
  ...Object.values(customerEndpoints),
  ...Object.values(staffUsers),
  ...Object.values(customerUsers),
  ...Object.values(ownUsers),
  userDashboard,
  listLanguages,
  clientSettings,
  health,
];
