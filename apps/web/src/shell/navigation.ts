import { ROUTE_ROLES, type LayoutRoute } from '@relevo/domain';
import { matchPath } from 'react-router';

const LAYOUT_ROUTES = Object.keys(ROUTE_ROLES) as LayoutRoute[];

/** The layout route (docs/product.md#routes) a path belongs to, with its path parameters; null for unknown paths. */
export function layoutRouteOf(
  pathname: string,
): { route: LayoutRoute; params: Record<string, string | undefined> } | null {
  for (const route of LAYOUT_ROUTES) {
    const match = matchPath({ path: `/${route}`, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}

export interface Crumb {
  label: string;
  href?: string;
}

/** 'user_guide' → 'User Guide': each word of a path segment capitalised (docs/product.md#layout). */
export function capitalizeSegment(segment: string): string {
  return segment
    .split(/[_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * docs/product.md#layout: the breadcrumb is 'YOU ARE HERE' followed by the path segments, capitalised. Values of
 * path parameters (a case ID, an application id) are shown as they are; a segment that is a page
 * of its own links to it. `wordOf` gives a capitalised segment in the reader's language (the
 * layout's `t`); the parameters' values are not words and keep their text.
 */
export function breadcrumbFor(pathname: string, wordOf: (word: string) => string = (word) => word): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const matched = layoutRouteOf(pathname);
  const parameterAt = new Set<number>();
  if (matched) {
    matched.route.split('/').forEach((part, index) => {
      if (part.startsWith(':')) parameterAt.add(index);
    });
  }
  return segments.map((segment, index) => {
    const raw = safeDecode(segment);
    const label = parameterAt.has(index) ? raw : wordOf(capitalizeSegment(raw));
    const prefix = `/${segments.slice(0, index + 1).join('/')}`;
    const isLast = index === segments.length - 1;
    const isPage = !isLast && !parameterAt.has(index) && layoutRouteOf(prefix) !== null;
    return isPage ? { label, href: prefix } : { label };
  });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Screens below a sidebar entry that are not under its path (docs/product.md#routes child routes). */
const SIDEBAR_PARENT: Partial<Record<LayoutRoute, string>> = {
  'application/:application_id/modules': '/applications',
  module: '/applications',
  'escalation/:escalation_id/resources': '/escalations',
  'events/:case_id/event_logs': '/events',
  guide: '/user_guide',
};

/** The sidebar entry to highlight: its own path, the longest prefix, or the parent of a child screen. */
export function activeSidebarPath(pathname: string, entryPaths: readonly string[]): string | null {
  const parent = layoutRouteOf(pathname);
  const lookup = (parent && SIDEBAR_PARENT[parent.route]) ?? pathname;
  let best: string | null = null;
  for (const path of entryPaths) {
    if ((lookup === path || lookup.startsWith(`${path}/`)) && (!best || path.length > best.length)) best = path;
  }
  return best;
}
