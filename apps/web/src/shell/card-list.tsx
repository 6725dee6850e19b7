import { Alert, Button, Icon, PageHeader, Spinner } from '@relevo/ui';
import { useId, type ReactNode } from 'react';
import type { ListView } from './list';
import { RetryAlert } from './RetryAlert';
import './card-list.css';

export interface CardListTexts {
  title: string;
  intro: ReactNode;
  /** the create button's text */
  create: string;
  /** the list's accessible name */
  listLabel: string;
  /** the spinner's label on the first load */
  loading: string;
  loadFailed: string;
  empty: string;
  /** why create is disabled once the list holds as many as allowed */
  full: string;
}

export interface CardListScreenProps<Row> {
  texts: CardListTexts;
  list: Pick<ListView<Row>, 'status' | 'rows' | 'reload'>;
  /** the list holds as many as allowed: create is disabled, with `texts.full` as why */
  isFull: boolean;
  onCreate: () => void;
  /** one `<li>` per row */
  children: ReactNode;
}

/**
 * A screen of a few records drawn as cards (docs/product.md#outgoing-webhooks, #api-tokens): the
 * title with its create button (disabled until the list loads and once it is full, saying why),
 * the first load's spinner, a failed load with Try again, the empty text, and the list itself.
 */
export function CardListScreen<Row>({ texts, list, isFull, onCreate, children }: CardListScreenProps<Row>) {
  const fullId = useId();
  const isLoaded = list.status === 'ready';
  const full = isLoaded && isFull;
  return (
    <>
      <PageHeader
        title={texts.title}
        description={texts.intro}
        actions={
          <Button
            variant="primary"
            icon={<Icon name="plus" size={16} />}
            disabled={!isLoaded || full}
            aria-describedby={full ? fullId : undefined}
            onClick={onCreate}
          >
            {texts.create}
          </Button>
        }
      />
      {full ? (
        <Alert variant="warning" className="card-list__full">
          <span id={fullId}>{texts.full}</span>
        </Alert>
      ) : null}
      {list.status === 'loading' && list.rows.length === 0 ? <Spinner label={texts.loading} /> : null}
      {list.status === 'error' ? <RetryAlert error={texts.loadFailed} onRetry={list.reload} /> : null}
      {isLoaded && list.rows.length === 0 ? <p className="card-list__empty">{texts.empty}</p> : null}
      {list.rows.length > 0 ? (
        <ul className="card-list" aria-label={texts.listLabel} aria-busy={list.status === 'loading'}>
          {children}
        </ul>
      ) : null}
    </>
  );
}
