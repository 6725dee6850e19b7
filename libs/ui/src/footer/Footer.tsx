import type { ReactNode } from 'react';
import './Footer.css';

export interface FooterProps {
  name: string;
  lastName: string;
  /** the company (customer) name; staff have none */
  customerName?: string | null;
  aside?: ReactNode;
}

/** docs/product.md#layout: the footer shows the user's name, last name and the company (customer) name. */
export function Footer({ name, lastName, customerName, aside }: FooterProps) {
  return (
    <footer className="rl-footer">
      <div className="rl-footer__user">
        <span className="rl-footer__name">
          {name} {lastName}
        </span>
        {customerName ? (
          <>
            <span className="rl-footer__separator" aria-hidden="true">
              ·
            </span>
            <span className="rl-footer__customer">{customerName}</span>
          </>
        ) : null}
      </div>
      {aside ? <div className="rl-footer__aside">{aside}</div> : null}
    </footer>
  );
}
