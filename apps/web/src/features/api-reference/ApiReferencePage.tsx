import { generalErrorText, type AuthKind, type OpenApiDocument } from '@relevo/api';
import { Badge, Button, PageHeader, PageSpinner, TextField, type BadgeTone } from '@relevo/ui';
import { Fragment, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { msg, numberText, t } from '../../shell/i18n';
import { RetryAlert } from '../../shell/RetryAlert';
import { useService } from '../../shell/services';
import {
  bodyFields,
  filterGroups,
  parameterFields,
  referenceGroups,
  roleLabels,
  type ReferenceEndpoint,
  type ReferenceField,
} from './api-reference';
import { liveLoadOpenApiDocument } from './api-reference-calls';
import './ApiReferencePage.css';

type Load = { state: 'loading' } | { state: 'loaded'; document: OpenApiDocument } | { state: 'failed'; error: string };

/** The filter's place in the address, so a filtered reference can be shared and Back returns to it. */
const FILTER_PARAM = 'filter';

/** Who may call, in the words of the page (English; the page shows `t(label)`). */
const AUTH_LABELS: Record<AuthKind, string> = {
  public: msg('Public: no credentials'),
  session: msg('Signed-in session (bearer token or session cookie)'),
  preauth: msg('Sign-in token of a correct password (code step)'),
  resetToken: msg('SMS reset token (bearer)'),
  moduleKey: msg('Module ID and credential key (HTTP Basic)'),
  signedWebhook: msg('Signed webhook (X-Relevo-Signature)'),
};

/** The address of the document itself, for tools. */
const OPENAPI_ADDRESS = '/api/openapi.json';

/** The first of the characters that hold an element's place in a translated sentence (the nth element's is this plus n). */
const FIRST_PLACE = 0xe000;
/** The place of each of `names` in a sentence: the values to give `t` for the arguments that are elements. */
const places = <Name extends string>(names: readonly Name[]) =>
  Object.fromEntries(names.map((name, index) => [name, String.fromCharCode(FIRST_PLACE + index)])) as Record<
    Name,
    string
  >;

/**
 * A translated sentence with elements in it (a link, code): the sentence was given `places(names)`
 * for those arguments, and `elements` (in the order of the names) are drawn where it puts them.
 */
function Sentence({ text, elements }: { text: string; elements: readonly ReactNode[] }) {
  return (
    <>
      {text.split(/([\ue000-\ue0ff])/).map((part, index) => {
        const at = part.length === 1 ? part.charCodeAt(0) - FIRST_PLACE : -1;
        // the parts of one sentence never move: their index is their key
        return <Fragment key={index}>{at >= 0 && at < elements.length ? elements[at] : part}</Fragment>;
      })}
    </>
  );
}

const INTRO_ELEMENTS = ['address', 'detail', 'item'] as const;

/**
 * `/api_reference` (docs/product.md#openapi-document), for every signed-in user: the endpoints of
 * the server's OpenAPI document by area, each opened for who may call it and what it takes.
 */
export function ApiReferencePage() {
  const load = useService('loadOpenApiDocument', liveLoadOpenApiDocument);
  const [state, setState] = useState<Load>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (document) => !controller.signal.aborted && setState({ state: 'loaded', document }),
      (error: unknown) => !controller.signal.aborted && setState({ state: 'failed', error: generalErrorText(error) }),
    );
    return () => controller.abort();
  }, [load, round]);

  return (
    <>
      <PageHeader
        title={t('API reference')}
        description={t("Every endpoint of Relevo's HTTP API: who may call it and what it takes.")}
      />
      {state.state === 'loading' ? <PageSpinner label={t('Loading the API reference')} /> : null}
      {state.state === 'failed' ? (
        <RetryAlert
          error={t(state.error)}
          onRetry={() => {
            setState({ state: 'loading' });
            setRound((count) => count + 1);
          }}
        />
      ) : null}
      {state.state === 'loaded' ? <Reference document={state.document} /> : null}
    </>
  );
}

function Reference({ document }: { document: OpenApiDocument }) {
  const [params, setParams] = useSearchParams();
  const filter = params.get(FILTER_PARAM) ?? '';
  const groups = useMemo(() => referenceGroups(document), [document]);
  const shown = useMemo(() => filterGroups(groups, filter), [groups, filter]);
  const total = groups.reduce((sum, group) => sum + group.endpoints.length, 0);
  const count = shown.reduce((sum, group) => sum + group.endpoints.length, 0);
  const setFilter = (value: string) => setParams(value ? { [FILTER_PARAM]: value } : {}, { replace: true });

  return (
    <div className="api-reference">
      <p className="api-reference__intro">
        <Sentence
          text={t(
            'Version {version}. The same list is an OpenAPI 3.1 document at {address}, for code generators and API tools. Failures answer {detail}: a text, or for a 422 one {item} per failed rule.',
            { version: document.info.version, ...places(INTRO_ELEMENTS) },
          )}
          elements={[
            <a key="address" href={OPENAPI_ADDRESS}>
              {OPENAPI_ADDRESS}
            </a>,
            <code key="detail">{'{"detail": …}'}</code>,
            <code key="item">{'{loc, msg}'}</code>,
          ]}
        />
      </p>
      <div className="api-reference__tools">
        <TextField
          type="search"
          label={t('Filter endpoints')}
          hint={t('Words of the method, path, name or area')}
          value={filter}
          onValueChange={setFilter}
          className="api-reference__filter"
        />
        <p className="api-reference__count" role="status">
          {count === total
            ? t('{total} endpoints', { total: numberText(total) })
            : t('{count} of {total} endpoints', { count: numberText(count), total: numberText(total) })}
        </p>
      </div>
      {shown.length === 0 ? (
        <div className="api-reference__empty">
          <p>{t('No endpoint matches “{filter}”.', { filter })}</p>
          <Button variant="secondary" onClick={() => setFilter('')}>
            {t('Clear the filter')}
          </Button>
        </div>
      ) : (
        shown.map((group) => <ReferenceSection key={group.tag} tag={group.tag} endpoints={group.endpoints} />)
      )}
    </div>
  );
}

function ReferenceSection({ tag, endpoints }: { tag: string; endpoints: ReferenceEndpoint[] }) {
  const headingId = useId();
  return (
    <section className="api-reference__group" aria-labelledby={headingId}>
      <h2 id={headingId} className="api-reference__tag">
        {tag} <span className="api-reference__tag-count">({numberText(endpoints.length)})</span>
      </h2>
      <ul className="api-reference__list">
        {endpoints.map((endpoint) => (
          <li key={`${endpoint.method} ${endpoint.path}`}>
            <EndpointDetails endpoint={endpoint} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Each method in its own colour, its name always written beside it. */
const METHOD_TONES: Record<string, BadgeTone> = { GET: 'info', POST: 'accent', PUT: 'neutral', DELETE: 'danger' };

function EndpointDetails({ endpoint: { method, path, operation } }: { endpoint: ReferenceEndpoint }) {
  const parameters = parameterFields(operation);
  const body = bodyFields(operation);
  const roles = roleLabels(operation);
  const permissions = operation['x-relevo-permissions'] ?? [];
  return (
    <details className="api-endpoint">
      <summary className="api-endpoint__summary">
        <Badge tone={METHOD_TONES[method] ?? 'neutral'} className="api-endpoint__method">
          {method}
        </Badge>
        <code className="api-endpoint__path">{path}</code>
        <span className="api-endpoint__title">{operation.summary}</span>
      </summary>
      <div className="api-endpoint__body">
        <dl className="api-endpoint__facts">
          <dt>{t('Name')}</dt>
          <dd>
            <code>{operation.operationId}</code>
          </dd>
          <dt>{t('Who may call')}</dt>
          <dd>{t(AUTH_LABELS[operation['x-relevo-auth']])}</dd>
          {roles.length > 0 ? (
            <>
              <dt>{t('Roles')}</dt>
              <dd>{roles.join(', ')}</dd>
            </>
          ) : null}
          {permissions.length > 0 ? (
            <>
              <dt>{t('Permissions')}</dt>
              <dd>{permissions.reduce((first, second) => t('{first} or {second}', { first, second }))}</dd>
            </>
          ) : null}
          <dt>{t('Answers')}</dt>
          <dd>{Object.keys(operation.responses).join(', ')}</dd>
        </dl>
        {parameters.length > 0 ? <FieldTable caption={t('Parameters')} fields={parameters} /> : null}
        {body.length > 0 ? <FieldTable caption={t('Body (JSON)')} fields={body} /> : null}
        {parameters.length === 0 && body.length === 0 ? (
          <p className="api-endpoint__none">{t('No parameters and no body.')}</p>
        ) : null}
      </div>
    </details>
  );
}

function FieldTable({ caption, fields }: { caption: string; fields: ReferenceField[] }) {
  return (
    <div className="api-endpoint__table">
      <table className="api-endpoint__fields">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Name')}</th>
            <th scope="col">{t('In')}</th>
            <th scope="col">{t('Type')}</th>
            <th scope="col">{t('Required')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={`${field.where} ${field.name}`}>
              <td>
                <code>{field.name}</code>
              </td>
              <td>{field.where}</td>
              <td>{field.type}</td>
              <td>{field.required ? t('required') : t('optional')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
