import { defaultRenderLink, type RenderLink } from '../sidebar/Sidebar';
import './Brand.css';

export interface BrandProps {
  href: string;
  name?: string;
  renderLink?: RenderLink;
}

/** The product mark at the top of the sidebar; its text hides with the sidebar's labels. */
export function Brand({ href, name = 'Relevo', renderLink = defaultRenderLink }: BrandProps) {
  return renderLink({
    href,
    className: 'rl-brand',
    title: name,
    children: (
      <>
        <span className="rl-brand__mark" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
        <span className="rl-sidebar__brand-text">{name}</span>
      </>
    ),
  });
}
