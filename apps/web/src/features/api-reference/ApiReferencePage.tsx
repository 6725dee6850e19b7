import { generalErrorText, type OpenApiDocument } from '@relevo/api';
import { Badge, Button, PageHeader, PageSpinner, TextField, type BadgeTone } from '@relevo/ui';
import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RetryAlert } from '../../shell/RetryAlert';
import { useService } from '../../shell/services';
import {
  AUTH_LABELS,
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
        title="API reference"
        description="Every endpoint of Relevo's HTTP API: who may call it and what it takes."
      />
      {state.state === 'loading' ? <PageSpinner label="Loading the API reference" /> : null}
      {state.state === 'failed' ? (
        <RetryAlert
          error={state.error}
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
        Version {document.info.version}. The same list is an OpenAPI 3.1 document at{' '}
        <a href="/api/openapi.json">/api/openapi.json</a>, for code generators and API tools. Failures answer{' '}
        <code>{'{"detail": …}'}</code>: a text, or for a 422 one <code>{'{loc, msg}'}</code> per failed rule.
      </p>
      <div className="api-reference__tools">
        <TextField
          type="search"
          label="Filter endpoints"
          hint="Words of the method, path, name or area"
          value={filter}
          onValueChange={setFilter}
          className="api-reference__filter"
        />
        <p className="api-reference__count" role="status">
          {count === total ? `${total} endpoints` : `${count} of ${total} endpoints`}
        </p>
      </div>
      {shown.length === 0 ? (
        <div className="api-reference__empty">
          <p>No endpoint matches “{filter}”.</p>
          <Button variant="secondary" onClick={() => setFilter('')}>
            Clear the filter
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
        {tag} <span className="api-reference__tag-count">({endpoints.length})</span>
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
          <dt>Name</dt>
          <dd>
            <code>{operation.operationId}</code>
          </dd>
          <dt>Who may call</dt>
          <dd>{AUTH_LABELS[operation['x-relevo-auth']]}</dd>
          {roles.length > 0 ? (
            <>
              <dt>Roles</dt>
              <dd>{roles.join(', ')}</dd>
            </>
          ) : null}
          {permissions.length > 0 ? (
            <>
              <dt>Permissions</dt>
              <dd>{permissions.join(' or ')}</dd>
            </>
          ) : null}
          <dt>Answers</dt>
          <dd>{Object.keys(operation.responses).join(', ')}</dd>
        </dl>
        {parameters.length > 0 ? <FieldTable caption="Parameters" fields={parameters} /> : null}
        {body.length > 0 ? <FieldTable caption="Body (JSON)" fields={body} /> : null}
        {parameters.length === 0 && body.length === 0 ? (
          <p className="api-endpoint__none">No parameters and no body.</p>
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
            <th scope="col">Name</th>
            <th scope="col">In</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
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
              <td>{field.required ? 'required' : 'optional'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
