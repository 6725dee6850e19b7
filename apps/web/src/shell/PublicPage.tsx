import type { ReactNode } from 'react';
import './PublicPage.css';

export interface PublicPageProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  lang?: string;
}

/** The centred card of the pages used without a session: login, code step, reset, 403, 404. */
export function PublicPage({ title, intro, children, footer, lang }: PublicPageProps) {
  return (
    <div className="public-page" lang={lang}>
      <main className="public-page__main">
        <div className="public-page__brand" aria-hidden="true">
          <span className="public-page__mark">R</span>
          <span>Relevo</span>
        </div>
        <section className="public-page__card" aria-labelledby="public-page-title">
          <h1 id="public-page-title" className="public-page__title">
            {title}
          </h1>
          {intro ? <div className="public-page__intro">{intro}</div> : null}
          {children}
        </section>
        {footer ? <footer className="public-page__footer">{footer}</footer> : null}
      </main>
    </div>
  );
}
