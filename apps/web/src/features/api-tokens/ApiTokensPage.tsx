import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_SCREEN_TEXTS,
  API_TOKEN_STATUS_BADGES,
  tokenInstantText,
  tokenScopesText,
  type ApiToken,
  type ApiTokenCreated,
  type ListOf,
  type ListQuery,
} from '@relevo/domain';
import { Button, Icon, StatusBadge } from '@relevo/ui';
import { Suspense, lazy, useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { useList, type ListParams } from '../../shell/list';
import { useRecordScreen } from '../../shell/record-screen';
import { CardListScreen } from '../../shell/card-list';
import { useService } from '../../shell/services';
import { liveApiTokenCalls } from './api-token-calls';
import './ApiTokensPage.css';

// the windows load when they open: the list's first JavaScript stays the list's
const ApiTokenFormModal = lazy(() =>
  import('./ApiTokenFormModal').then(({ ApiTokenFormModal }) => ({ default: ApiTokenFormModal })),
);
const ApiTokenShownModal = lazy(() =>
  import('./ApiTokenShownModal').then(({ ApiTokenShownModal }) => ({ default: ApiTokenShownModal })),
);

/** The side's tokens on one page, newest first (the endpoint takes no paging). */
const ALL_TOKENS: ListParams = {
  page: 1,
  pageSize: API_TOKEN_LIMITS.listShown,
  sort: { column: 'created_at', direction: 'desc' },
  search: '',
};

/**
 * `/api_tokens` (docs/product.md#api-tokens), a Customer Root's for its customer and a Staff
 * Root's for the staff side: each token with its scopes, status, expiry and last use; Create token
 * (shown once, then only its last characters), and Revoke after a confirmation.
 */
export function ApiTokensPage() {
  const calls = useService('apiTokenCalls', liveApiTokenCalls);
  const load = useCallback(
    (_query: ListQuery, signal: AbortSignal): Promise<ListOf<ApiToken>> => calls.list(signal),
    [calls],
  );
  const list = useList(load, ALL_TOKENS);
  const [zone] = useState(() => calls.viewerZone());
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const screen = useRecordScreen<ApiToken>({
    texts: {
      created: API_TOKEN_SCREEN_TEXTS.created,
      updated: API_TOKEN_SCREEN_TEXTS.created,
      deleted: API_TOKEN_SCREEN_TEXTS.revoked,
      confirmDelete: API_TOKEN_SCREEN_TEXTS.confirmRevoke,
      confirmLabels: { continueLabel: 'Revoke' },
    },
    remove: (token) => calls.revoke(token.id),
    changed: list.reload,
  });
  return (
    <>
      <CardListScreen
        texts={{
          title: API_TOKEN_SCREEN_TEXTS.title,
          intro: (
            <>
              {API_TOKEN_SCREEN_TEXTS.intro} <Link to="/api_reference">{API_TOKEN_SCREEN_TEXTS.reference}</Link>
            </>
          ),
          create: API_TOKEN_SCREEN_TEXTS.create,
          listLabel: API_TOKEN_SCREEN_TEXTS.listLabel,
          loading: 'Loading the tokens',
          loadFailed: API_TOKEN_SCREEN_TEXTS.loadFailed,
          empty: API_TOKEN_SCREEN_TEXTS.empty,
          full: API_TOKEN_MESSAGES.tooMany,
        }}
        list={list}
        isFull={list.rows.filter((token) => token.status === 'active').length >= API_TOKEN_LIMITS.perCustomer}
        onCreate={screen.create}
      >
        {list.rows.map((token) => (
          <ApiTokenItem key={token.id} token={token} zone={zone} onRevoke={() => screen.askRemove(token)} />
        ))}
      </CardListScreen>
      {screen.editing ? (
        <Suspense fallback={null}>
          <ApiTokenFormModal
            calls={calls}
            onClose={screen.close}
            onSaved={(token) => {
              screen.saved();
              setCreated(token);
            }}
          />
        </Suspense>
      ) : null}
      {created ? (
        <Suspense fallback={null}>
          <ApiTokenShownModal created={created} onClose={() => setCreated(null)} />
        </Suspense>
      ) : null}
      {screen.confirmation}
    </>
  );
}

/** One token, named by its name: scopes, its last characters, when it expires, its last use, who made it. */
function ApiTokenItem({ token, zone, onRevoke }: { token: ApiToken; zone: string; onRevoke: () => void }) {
  const nameId = useId();
  const when = (at: string) => <time dateTime={at}>{tokenInstantText(zone, at)}</time>;
  return (
    <li className="card-list__item" aria-labelledby={nameId}>
      <div className="card-list__head">
        <h2 id={nameId} className="api-tokens__name">
          {token.name}
        </h2>
        <StatusBadge {...API_TOKEN_STATUS_BADGES[token.status]} />
      </div>
      <dl className="card-list__facts">
        <div>
          <dt>Scopes</dt>
          <dd>{tokenScopesText(token.scopes)}</dd>
        </div>
        <div>
          <dt>Token</dt>
          <dd className="api-tokens__hint">rlv_…{token.hint}</dd>
        </div>
        <div>
          <dt>{token.status === 'revoked' ? 'Revoked' : token.status === 'expired' ? 'Expired' : 'Expires'}</dt>
          <dd>{when(token.revoked_at ?? token.expires_at)}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>
            {token.last_used_at ? (
              <>
                {when(token.last_used_at)}
                {token.last_used_address ? ` from ${token.last_used_address}` : null}
              </>
            ) : (
              'Never'
            )}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            {when(token.created_at)}
            {token.created_by ? ` by ${token.created_by}` : null}
          </dd>
        </div>
      </dl>
      {token.status === 'active' ? (
        <div className="card-list__actions">
          <Button
            size="sm"
            icon={<Icon name="trash" size={16} />}
            onClick={onRevoke}
            aria-label={`Revoke ${token.name}`}
          >
            Revoke
          </Button>
        </div>
      ) : null}
    </li>
  );
}
