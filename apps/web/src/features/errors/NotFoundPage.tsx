import { MESSAGES, sidebarFor } from '@relevo/domain';
import { Button, TextField } from '@relevo/ui';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { t } from '../../shell/i18n';
import { PublicPage } from '../../shell/PublicPage';
import { useSession } from '../../shell/session';
import './NotFoundPage.css';

interface Destination {
  label: string;
  path: string;
}

/** docs/product.md#layout: the 404 page says the page does not exist and offers a search over the screens one may open. */
export function NotFoundPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(params.get('q') ?? '');
  const submitted = params.get('q') ?? '';

  // the names in the reader's language: the search looks in what the person reads
  const destinations = useMemo<Destination[]>(
    () =>
      user
        ? [
            ...sidebarFor(user.role.rol_id).map(({ label, path }) => ({ label: t(label), path })),
            { label: t('Profile'), path: '/profile' },
          ]
        : [
            { label: t('Login'), path: '/login' },
            { label: t(MESSAGES.recoveryLink), path: '/reset_password' },
          ],
    [user],
  );
  const needle = submitted.trim().toLowerCase();
  const results = needle
    ? destinations.filter((destination) => destination.label.toLowerCase().includes(needle))
    : destinations;

  return (
    <PublicPage
      title={t(MESSAGES.notFoundTitle)}
      intro={t('The address may be mistyped, or the page has moved. Search for the screen you need.')}
    >
      <form
        role="search"
        className="not-found__search"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(query.trim() ? { q: query.trim() } : {});
        }}
      >
        <TextField label={t('Search')} type="search" name="q" value={query} onValueChange={setQuery} />
        <Button type="submit" variant="primary">
          {t('Search')}
        </Button>
      </form>
      <nav aria-label={t('Search results')}>
        {results.length ? (
          <ul className="not-found__results">
            {results.map((destination) => (
              <li key={destination.path}>
                <Link to={destination.path}>{destination.label}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('No screen matches “{query}”.', { query: submitted })}</p>
        )}
      </nav>
    </PublicPage>
  );
}
