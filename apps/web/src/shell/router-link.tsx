import type { RenderLink } from '@relevo/ui';
import { Link } from 'react-router';

/** The ui library's links, routed in the app without a page load. */
export const routerLink: RenderLink = ({ href, children, ...rest }) => (
  <Link to={href} {...rest}>
    {children}
  </Link>
);
