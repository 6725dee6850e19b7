import type { ReactNode } from 'react';
import './PageHeader.css';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** buttons on the right: Create, Go back, ... */
  actions?: ReactNode;
}

/** The h1 of a screen inside the layout, with its actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="rl-page-header">
      <div className="rl-page-header__text">
        <h1 className="rl-page-header__title">{title}</h1>
        {description ? <p className="rl-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="rl-page-header__actions">{actions}</div> : null}
    </div>
  );
}
