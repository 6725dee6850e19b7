import type { HTMLAttributes, ReactNode } from 'react';
import './Card.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** heading level of the title, so a page keeps a correct outline */
  headingLevel?: 2 | 3;
  actions?: ReactNode;
  padded?: boolean;
}

export function Card({ title, headingLevel = 2, actions, padded = true, className, children, ...rest }: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={['rl-card', className].filter(Boolean).join(' ')} {...rest}>
      {title || actions ? (
        <header className="rl-card__header">
          {title ? <Heading className="rl-card__title">{title}</Heading> : <span />}
          {actions ? <div className="rl-card__actions">{actions}</div> : null}
        </header>
      ) : null}
      <div className={padded ? 'rl-card__body' : undefined}>{children}</div>
    </section>
  );
}
