// The compiled catalogs that apps/web/i18n-catalogs.ts serves (docs/architecture.md, "Languages").
declare module 'virtual:relevo-messages/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
