import { Fragment } from 'react';
import { defaultRenderLink, type RenderLink } from '../sidebar/Sidebar';
import { uiText } from '../text/ui-text';
import './Breadcrumb.css';

export interface BreadcrumbItem {
  label: string;
  /** a link to this level; the last item is the current page and never a link */
  href?: string;
}

export interface BreadcrumbProps {
  /** docs/product.md#layout: 'YOU ARE HERE' */
  lead: string;
  items: readonly BreadcrumbItem[];
  renderLink?: RenderLink;
}

export function Breadcrumb({ lead, items, renderLink = defaultRenderLink }: BreadcrumbProps) {
  return (
    <nav className="rl-breadcrumb" aria-label={uiText('Breadcrumb')}>
      <span className="rl-breadcrumb__lead">{lead}</span>
      <ol className="rl-breadcrumb__list">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <Fragment key={`${index}-${item.label}`}>
              <li className="rl-breadcrumb__item">
                {last || !item.href ? (
                  <span {...(last ? { 'aria-current': 'page' as const } : {})}>{item.label}</span>
                ) : (
                  renderLink({ href: item.href, className: 'rl-breadcrumb__link', children: item.label })
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
