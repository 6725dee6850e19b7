import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKEN_SCREEN_TEXTS,
  API_TOKEN_STATUS_BADGES,
  type ApiToken,
  type ApiTokenCreated,
  type ListOf,
  type ListQuery,
} from '@relevo/domain';
import { Button, Icon, StatusBadge } from '@relevo/ui';
import { Fragment, Suspense, lazy, useCallback, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '../../shell/i18n';
import { useList, type ListParams } from '../../shell/list';
import { useRecordScreen } from '../../shell/record-screen';
import { CardListScreen } from '../../shell/card-list';
import { useService } from '../../shell/services';
import { liveApiTokenCalls } from './api-token-calls';
import { scopesText, tokenTime } from './token-words';
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
      created: t(API_TOKEN_SCREEN_TEXTS.created),
      updated: t(API_TOKEN_SCREEN_TEXTS.created),
      deleted: t(API_TOKEN_SCREEN_TEXTS.revoked),
      confirmDelete: t(API_TOKEN_SCREEN_TEXTS.confirmRevoke),
      confirmLabels: { continueLabel: t('Revoke') },
    },
    remove: (token) => calls.revoke(token.id),
    changed: list.reload,
  });
  return (
    <>
      <CardListScreen
        texts={{
          title: t(API_TOKEN_SCREEN_TEXTS.title),
          intro: (
            <>
              {t(API_TOKEN_SCREEN_TEXTS.intro)} <Link to="/api_reference">{t(API_TOKEN_SCREEN_TEXTS.reference)}</Link>
            </>
          ),
          create: t(API_TOKEN_SCREEN_TEXTS.create),
          listLabel: t(API_TOKEN_SCREEN_TEXTS.listLabel),
          loading: t('Loading the tokens'),
          loadFailed: t(API_TOKEN_SCREEN_TEXTS.loadFailed),
          empty: t(API_TOKEN_SCREEN_TEXTS.empty),
          full: t(API_TOKEN_MESSAGES.tooMany),
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

/** The character that holds the place of a `<time>` in a translated sentence. */
const TIME_PLACE = '\ue000';

/** A translated sentence with its `{time}` drawn as the element `time`, where the sentence puts it. */
function WithTime({ text, time }: { text: string; time: ReactNode }) {
  return (
    <>
      {text.split(TIME_PLACE).map((part, index) => (
        // the parts of one sentence never move: their index is their key
        <Fragment key={index}>
          {index > 0 ? time : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** A token's state, in the reader's language. */
function TokenStatus({ status }: { status: ApiToken['status'] }) {
  const badge = API_TOKEN_STATUS_BADGES[status];
  return <StatusBadge {...badge} label={t(badge.label)} />;
}

/** One token, named by its name: scopes, its last characters, when it expires, its last use, who made it. */
function ApiTokenItem({ token, zone, onRevoke }: { token: ApiToken; zone: string; onRevoke: () => void }) {
  const nameId = useId();
  const when = (at: string) => <time dateTime={at}>{tokenTime(zone, at)}</time>;
  return (
    <li className="card-list__item" aria-labelledby={nameId}>
      <div className="card-list__head">
        <h2 id={nameId} className="api-tokens__name">
          {token.name}
        </h2>
        <TokenStatus status={token.status} />
      </div>
      <dl className="card-list__facts">
        <div>
          <dt>{t('Scopes')}</dt>
          <dd>{scopesText(token.scopes)}</dd>
        </div>
        <div>
          <dt>{t('Token')}</dt>
          <dd className="api-tokens__hint">{`${API_TOKEN_PREFIX}…${token.hint}`}</dd>
        </div>
        <div>
          <dt>
            {token.status === 'revoked' ? t('Revoked') : token.status === 'expired' ? t('Expired') : t('Expires')}
          </dt>
          <dd>{when(token.revoked_at ?? token.expires_at)}</dd>
        </div>
        <div>
          <dt>{t('Last used')}</dt>
          <dd>
            {token.last_used_at ? (
              token.last_used_address ? (
                <WithTime
                  text={t('{time} from {address}', { time: TIME_PLACE, address: token.last_used_address })}
                  time={when(token.last_used_at)}
                />
              ) : (
                when(token.last_used_at)
              )
            ) : (
              t('Never')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('Created')}</dt>
          <dd>
            {token.created_by ? (
              <WithTime
                text={t('{time} by {name}', { time: TIME_PLACE, name: token.created_by })}
                time={when(token.created_at)}
              />
            ) : (
              when(token.created_at)
            )}
          </dd>
        </div>
      </dl>
      {token.status === 'active' ? (
        <div className="card-list__actions">
          <Button
            size="sm"
            icon={<Icon name="trash" size={16} />}
            onClick={onRevoke}
            aria-label={t('Revoke {name}', { name: token.name })}
          >
            {t('Revoke')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
