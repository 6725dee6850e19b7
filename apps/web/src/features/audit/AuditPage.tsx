import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_SCREEN_TEXTS,
  Role,
  auditEntityText,
  type AuditAction,
  type AuditRow,
  type ListQuery,
} from '@relevo/domain';
import {
  Button,
  Icon,
  IconButton,
  NativeSelectField,
  PageHeader,
  TextField,
  type DataTableColumn,
  type SelectOption,
} from '@relevo/ui';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FilterPanel } from '../../shell/filter-panel';
import { t } from '../../shell/i18n';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { reportError } from '../../shell/report-error';
import { useSignedInUser } from '../../shell/session';
import { useService } from '../../shell/services';
import { liveAuditCalls, type AuditCalls, type AuditCustomerChoice } from './audit-calls';
import { NO_AUDIT_FILTERS, auditFiltersKey, useAuditFilters, type AuditFilters } from './audit-filters';
import { auditTime } from './audit-time';
import './audit.css';

// a change's window opens on a click: its dialog loads then, not with the list
const AuditChangeModal = lazy(() =>
  import('./AuditChangeModal').then(({ AuditChangeModal }) => ({ default: AuditChangeModal })),
);

/** docs/product.md#audit-trail: newest first, always (the list has no other order). */
const DEFAULT_SORT = { column: 'created_at', direction: 'desc' } as const;

// the actions and the kinds of record are the trail's own codes (create, maintenance window), shown as they are
const actionOptions = (): SelectOption[] => [
  { value: null, text: t(AUDIT_SCREEN_TEXTS.allActions) },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, text: action })),
];
const entityOptions = (): SelectOption[] => [
  { value: null, text: t(AUDIT_SCREEN_TEXTS.allEntities) },
  ...AUDIT_ENTITIES.map((entity) => ({ value: entity, text: auditEntityText(entity) })),
];

/** The trail's columns, in the reader's language (built while rendering). */
function columns(zone: string, withCustomer: boolean): DataTableColumn<AuditRow>[] {
  return [
    { id: 'created_at', header: t('When'), cell: (row) => auditTime(row.created_at, zone), width: '11rem' },
    ...(withCustomer
      ? [{ id: 'customer', header: t('Customer'), cell: (row: AuditRow) => row.customer?.name ?? '' }]
      : []),
    { id: 'actor_email', header: t('Who'), cell: (row) => row.actor_email ?? '' },
    { id: 'action', header: t('Action'), cell: (row) => row.action, width: '7rem' },
    {
      id: 'entity',
      header: t('Record'),
      cell: (row) => `${auditEntityText(row.entity)}${row.entity_id ? ` ${row.entity_id}` : ''}`,
    },
    {
      id: 'address',
      header: t('From'),
      cell: (row) =>
        row.token
          ? t('{address} (token {token})', { address: row.address ?? '', token: row.token.name ?? row.token.id })
          : (row.address ?? ''),
    },
  ];
}

/** The customers of the Staff Root's filter, loaded once; a failed load leaves "All customers" and says so. */
function useCustomers(load: AuditCalls['customers'], wanted: boolean): AuditCustomerChoice[] {
  const [customers, setCustomers] = useState<AuditCustomerChoice[]>([]);
  const loadRef = useRef(load);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(setCustomers, (error: unknown) => {
      if (!controller.signal.aborted) reportError(error);
    });
    return () => controller.abort();
  }, [wanted]);
  return customers;
}

interface FiltersProps {
  filters: AuditFilters;
  onChange: (next: AuditFilters) => void;
  customers: AuditCustomerChoice[] | null;
}

/** docs/product.md#audit-trail filters: the customer (a Staff Root's), the action, the record's kind and the days. */
function AuditFilterBar({ filters, onChange, customers }: FiltersProps) {
  const isFiltered = Object.values(filters).some((value) => value !== null);
  return (
    <FilterPanel label={t('Audit filters')} active={Object.values(filters).filter((value) => value !== null).length}>
      {customers ? (
        <NativeSelectField
          label={t('Customer')}
          name="customer"
          options={[
            { value: null, text: t(AUDIT_SCREEN_TEXTS.allCustomers) },
            ...customers.map((customer) => ({ value: customer.id, text: customer.name })),
          ]}
          value={filters.customerId}
          onChange={(value) => onChange({ ...filters, customerId: value === null ? null : Number(value) })}
        />
      ) : null}
      <NativeSelectField
        label={t('Action')}
        name="action"
        options={actionOptions()}
        value={filters.action}
        onChange={(value) => onChange({ ...filters, action: (value as AuditAction | null) ?? null })}
      />
      <NativeSelectField
        label={t('Entity')}
        name="entity"
        options={entityOptions()}
        value={filters.entity}
        onChange={(value) => onChange({ ...filters, entity: value === null ? null : String(value) })}
      />
      <TextField
        label={t('From')}
        name="from"
        type="date"
        max={filters.to ?? undefined}
        value={filters.from ?? ''}
        onValueChange={(value) =>
          onChange({
            ...filters,
            from: value || null,
            to: filters.to && value && filters.to < value ? null : filters.to,
          })
        }
      />
      <TextField
        label={t('To')}
        name="to"
        type="date"
        min={filters.from ?? undefined}
        value={filters.to ?? ''}
        onValueChange={(value) =>
          onChange({ ...filters, to: value && (!filters.from || value >= filters.from) ? value : null })
        }
      />
      <Button
        variant="ghost"
        icon={<Icon name="close" size={16} />}
        disabled={!isFiltered}
        onClick={() => onChange(NO_AUDIT_FILTERS)}
        className="audit-filters__clear"
      >
        {t('Clear filters')}
      </Button>
    </FilterPanel>
  );
}

/**
 * The audit trail (docs/product.md#audit-trail): who changed what and when, from which address or
 * token, newest first; a Customer Root sees its customer's, a Staff Root every customer's (and
 * may narrow it to one). Filters and the page live in the URL; the search box finds the actor by
 * e-mail; a row opens the change, before and after side by side; the CSV has the same filters.
 */
export function AuditPage() {
  const calls = useService('auditCalls', liveAuditCalls);
  const user = useSignedInUser();
  const isStaff = user.role.rol_id === Role.StaffRoot;
  const zone = useMemo(() => calls.viewerZone(), [calls]);
  const params = useListParams(DEFAULT_SORT);
  const [filters, setFilters] = useAuditFilters();
  const load = useCallback(
    (query: ListQuery, signal: AbortSignal) => calls.list(query, filters, signal),
    [calls, filters],
  );
  const list = useList(load, params);
  const { reload } = list;
  const customers = useCustomers(calls.customers, isStaff);

  // a change of filters reads the list again (the page goes back to 1 in the URL)
  const key = auditFiltersKey(filters);
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    reload();
  }, [key, reload]);

  const [open, setOpen] = useState<AuditRow | null>(null);
  const shownColumns = useMemo(() => columns(zone, isStaff), [zone, isStaff]);
  const rowActions = useCallback(
    (row: AuditRow) => (
      <IconButton
        size="sm"
        label={t('Change {id}: {action} {entity}', {
          id: row.id,
          action: row.action,
          entity: auditEntityText(row.entity),
        })}
        icon={<Icon name="info" size={16} />}
        onClick={() => setOpen(row)}
      />
    ),
    [],
  );

  return (
    <>
      <PageHeader
        title={t(AUDIT_SCREEN_TEXTS.title)}
        actions={
          <a
            className="rl-button rl-button--secondary rl-button--md"
            href={calls.exportUrl(filters, params.search.trim())}
            download
          >
            <Icon name="download" size={16} />
            <span className="rl-button__label">{t(AUDIT_SCREEN_TEXTS.download)}</span>
          </a>
        }
      />
      <AuditFilterBar filters={filters} onChange={setFilters} customers={isStaff ? customers : null} />
      <ListTable
        label={t('Audit trail')}
        columns={shownColumns}
        list={list}
        params={params}
        rowKey={(row) => row.id}
        emptyText={t(AUDIT_SCREEN_TEXTS.empty)}
        rowActions={rowActions}
        narrow="cards"
      />
      <Suspense fallback={null}>
        {open ? <AuditChangeModal row={open} zone={zone} onClose={() => setOpen(null)} /> : null}
      </Suspense>
    </>
  );
}
