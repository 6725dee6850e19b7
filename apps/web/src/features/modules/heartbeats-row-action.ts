import type { Permission } from '@relevo/domain';

/*
 * What the Modules list knows of a module's heartbeats (docs/product.md#heartbeat-monitors): the row
 * action's name, which is the window's title, and who sees it. Kept apart from the window so that
 * the list loads no heartbeat rule or call: the window brings them when it opens.
 */

/** The title in English; a screen shows it through `t` (the catalog's 'Heartbeats of {moduleName}'). */
export const heartbeatsTitle = (moduleName: string) => `Heartbeats of ${moduleName}`;

/** The permission of `listHeartbeats` (heartbeat-row-action.test.ts holds the two together). */
export const HEARTBEATS_READ: { readonly permissions: readonly Permission[] } = { permissions: ['catalogue.read'] };
