import type { IconName } from '@relevo/ui';

/** The icon of each sidebar entry of docs/product.md#sidebar-by-role, by path. */
export const SIDEBAR_ICONS: Record<string, IconName> = {
  '/dashboard': 'dashboard',
  '/users': 'users',
  '/customer': 'building',
  '/customer/users': 'users',
  '/admin/users': 'shield',
  '/resources': 'user',
  '/sla': 'clock',
  '/escalations': 'escalation',
  '/applications': 'apps',
  '/events': 'activity',
  '/team_chat': 'send',
  '/imports': 'download',
  '/audit': 'eye',
  '/user_guide': 'book',
};
