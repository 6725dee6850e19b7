import { ROUTE_ROLES, SIDEBAR } from '@relevo/domain';
import { describe, expect, it, vi } from 'vitest';
import { mergeCatalogs, readCatalogs } from '../../i18n-catalogs';
import { activeSidebarPath, breadcrumbFor, capitalizeSegment, layoutRouteOf } from './navigation';

// the catalogs' marker only (the runtime's catalogs are a build's virtual modules)
vi.mock('./i18n', () => ({ msg: (id: string) => id }));
const { BREADCRUMB_WORDS } = await import('./breadcrumb-words');

describe('layoutRouteOf', () => {
  it('finds the layout route of docs/product.md#routes with its parameters', () => {
    expect(layoutRouteOf('/admin/users')?.route).toBe('admin/users');
    expect(layoutRouteOf('/events/CASE-42/event_logs')).toEqual({
      route: 'events/:case_id/event_logs',
      params: { case_id: 'CASE-42' },
    });
    expect(layoutRouteOf('/application/7/modules')?.params).toEqual({ application_id: '7' });
    expect(layoutRouteOf('/customer')?.route).toBe('customer');
    expect(layoutRouteOf('/customer/users')?.route).toBe('customer/users');
  });

  it('knows no route for an unknown path', () => {
    expect(layoutRouteOf('/nowhere')).toBeNull();
    expect(layoutRouteOf('/admin')).toBeNull();
  });
});

describe('breadcrumbFor (docs/product.md#layout)', () => {
  it('capitalises each path segment', () => {
    expect(breadcrumbFor('/profile')).toEqual([{ label: 'Profile' }]);
    expect(breadcrumbFor('/admin/users')).toEqual([{ label: 'Admin' }, { label: 'Users' }]);
    expect(breadcrumbFor('/user_guide')).toEqual([{ label: 'User Guide' }]);
    expect(breadcrumbFor('/sla')).toEqual([{ label: 'Sla' }]);
  });

  it('links a segment that is a page of its own', () => {
    expect(breadcrumbFor('/customer/users')).toEqual([{ label: 'Customer', href: '/customer' }, { label: 'Users' }]);
  });

  it('shows parameter values as they are', () => {
    expect(breadcrumbFor('/events/ab12Cd/event_logs')).toEqual([
      { label: 'Events', href: '/events' },
      { label: 'ab12Cd' },
      { label: 'Event Logs' },
    ]);
    expect(breadcrumbFor('/escalation/5/resources')).toEqual([
      { label: 'Escalation' },
      { label: '5' },
      { label: 'Resources' },
    ]);
  });

  it('decodes encoded segments and is empty at the root', () => {
    expect(breadcrumbFor('/events/a%20b/event_logs')[1]).toEqual({ label: 'a b' });
    expect(breadcrumbFor('/')).toEqual([]);
  });

  it('gives the words to the caller (the layout translates them), not the parameters', () => {
    expect(breadcrumbFor('/events/ab12Cd/event_logs', (word) => word.toUpperCase())).toEqual([
      { label: 'EVENTS', href: '/events' },
      { label: 'ab12Cd' },
      { label: 'EVENT LOGS' },
    ]);
  });

  it('has every path word marked for the catalogs, with its Spanish', () => {
    const spanish = mergeCatalogs(readCatalogs());
    const segments = new Set(
      Object.keys(ROUTE_ROLES).flatMap((route) => route.split('/').filter((part) => !part.startsWith(':'))),
    );
    for (const segment of segments) {
      expect(BREADCRUMB_WORDS[segment], segment).toBe(capitalizeSegment(segment));
      expect(spanish.has(capitalizeSegment(segment)), segment).toBe(true);
    }
  });

  it('capitalises words split by underscores or dashes', () => {
    expect(capitalizeSegment('event_logs')).toBe('Event Logs');
    expect(capitalizeSegment('reset-password')).toBe('Reset Password');
  });
});

describe('activeSidebarPath', () => {
  const paths = SIDEBAR.map((entry) => entry.path);

  it('prefers the longest matching entry', () => {
    expect(activeSidebarPath('/customer/users', paths)).toBe('/customer/users');
    expect(activeSidebarPath('/customer', paths)).toBe('/customer');
  });

  it('highlights the parent entry of a child screen', () => {
    expect(activeSidebarPath('/events/X1/event_logs', paths)).toBe('/events');
    expect(activeSidebarPath('/application/3/modules', paths)).toBe('/applications');
    expect(activeSidebarPath('/escalation/3/resources', paths)).toBe('/escalations');
  });

  it('highlights nothing for a page outside the menu', () => {
    expect(activeSidebarPath('/profile', paths)).toBeNull();
  });
});
