import { MESSAGES, mayCall, type ListOf, type ListQuery, type MessageAnswer } from '@relevo/domain';
import { PageHeader, type DataTableColumn } from '@relevo/ui';
import { useCallback, type ReactNode } from 'react';
import { useList, useListParams, type LoadList } from './list';
import { ListTable } from './ListTable';
import { CreateButton, RecordRowActions, useRecordScreen, type RecordScreenTexts } from './record-screen';
import { useSignedInUser } from './session';
import { t } from './i18n';

type Endpoint = Parameters<typeof mayCall>[1];

/** The keys of MESSAGES that name a fixed text (docs/product.md#messages). */
type MessageKey = {
  [Key in keyof typeof MESSAGES]: (typeof MESSAGES)[Key] extends string ? Key : never;
}[keyof typeof MESSAGES];

/** The keys of a row whose values are of type `Value`. */
type KeyOf<Row, Value> = { [Key in keyof Row]-?: Row[Key] extends Value ? Key : never }[keyof Row];

/** What a list screen of records is: the same for every render (made once per screen, its texts in the reader's language). */
export interface RecordListSpec<Row> {
  /** the create, edit and delete calls: each button shows only to a role that may make its call (docs/product.md#roles-and-permissions) */
  endpoints: { add: Endpoint; update: Endpoint; remove: Endpoint };
  /** the page's header, the table's accessible name (the title by default), its columns and its text when empty */
  table: { title: string; label?: string; columns: DataTableColumn<Row>[]; emptyText: string };
  /** the MESSAGES of a create, an edit and a delete (the toasts), and of the delete confirmation */
  texts: readonly [created: MessageKey, updated: MessageKey, deleted: MessageKey, confirmDelete: MessageKey];
  /** the confirmation's title and buttons, when not the English defaults */
  confirmLabels?: RecordScreenTexts['confirmLabels'];
  /** how long the created and updated toasts stay, when not the toaster's default */
  savedToastMs?: number;
  /**
   * The row's id (the table's key and the delete call's argument), its name (on its Edit and
   * Delete buttons), and which of the two the list is ordered by, ascending, before the user picks an order.
   */
  row: { id: KeyOf<Row, number>; name: KeyOf<Row, string>; listedBy: 'id' | 'name' };
}

/** The screen's list and delete calls. */
export interface RecordListCalls<Row> {
  list: LoadList<Row>;
  remove: (id: number) => Promise<unknown>;
}

/** The list, create, edit and delete calls of a catalogue screen: `Create` and `Update` are the bodies it sends. */
export interface RecordCalls<Row, Create, Update> {
  list: (query: ListQuery, signal: AbortSignal) => Promise<ListOf<Row>>;
  create: (body: Create) => Promise<Row>;
  update: (id: number, body: Update) => Promise<Row>;
  remove: (id: number) => Promise<MessageAnswer>;
}

export interface RecordListExtras<Row> {
  /** whether the row may be deleted at all (it may by default); keep it stable (module level or useCallback) */
  deletable?: (row: Row) => boolean;
  /** after each save or delete, besides reloading the list; keep it stable */
  changed?: () => void;
}

/**
 * A list screen of records: the list and its place in the URL, the create/edit modal and confirmed
 * delete (`useRecordScreen`), what the signed-in role may do, and each row's Edit and Delete buttons.
 */
export function useRecordList<Row>(
  spec: RecordListSpec<Row>,
  calls: RecordListCalls<Row>,
  { deletable, changed }: RecordListExtras<Row> = {},
) {
  const role = useSignedInUser().role.rol_id;
  const { endpoints, row: keys, texts } = spec;
  const may = {
    create: mayCall(role, endpoints.add),
    edit: mayCall(role, endpoints.update),
    delete: mayCall(role, endpoints.remove),
  };
  const params = useListParams({ column: String(keys[keys.listedBy]), direction: 'asc' });
  const list = useList(calls.list, params);
  const { reload } = list;
  const afterChange = useCallback(() => {
    reload();
    changed?.();
  }, [reload, changed]);
  const screen = useRecordScreen<Row>({
    texts: {
      created: t(MESSAGES[texts[0]]),
      updated: t(MESSAGES[texts[1]]),
      deleted: t(MESSAGES[texts[2]]),
      confirmDelete: t(MESSAGES[texts[3]]),
      confirmLabels: spec.confirmLabels,
      savedToastMs: spec.savedToastMs,
    },
    remove: (row) => calls.remove(row[keys.id] as number),
    changed: afterChange,
  });
  const { edit, askRemove } = screen;
  const { edit: canEdit, delete: canDelete } = may;
  const rowButtons = useCallback(
    (row: Row) => (
      <RecordRowActions
        name={row[keys.name] as string}
        onEdit={canEdit ? () => edit(row) : null}
        onDelete={canDelete && (deletable?.(row) ?? true) ? () => askRemove(row) : null}
      />
    ),
    [canEdit, canDelete, edit, askRemove, keys, deletable],
  );
  return { spec, may, params, list, screen, rowButtons };
}

type RecordList<Row> = ReturnType<typeof useRecordList<Row>>;

export interface RecordListScreenProps<Row> {
  records: RecordList<Row>;
  /** shown between the header and the table */
  notice?: ReactNode;
  /** the Create button shows but cannot be pressed */
  createDisabled?: boolean;
  /** the row's actions; by default its Edit and Delete buttons when the role may use either */
  rowActions?: (row: Row) => ReactNode;
  /** the create/edit modal of a row (null: a new one) */
  modal: (row: Row | null) => ReactNode;
}

/** A list screen's page: its header, the table with Create and the row actions, the open modal and the delete confirmation. */
export function RecordListScreen<Row>({
  records,
  notice,
  createDisabled,
  rowActions,
  modal,
}: RecordListScreenProps<Row>) {
  const { may, screen, spec } = records;
  const { title, label = title, columns, emptyText } = spec.table;
  const idKey = spec.row.id;
  const defaultActions = may.edit || may.delete ? records.rowButtons : undefined;
  return (
    <>
      <PageHeader title={title} />
      {notice}
      <ListTable
        label={label}
        columns={columns}
        list={records.list}
        params={records.params}
        rowKey={(row) => row[idKey] as number}
        emptyText={emptyText}
        toolbar={may.create ? <CreateButton onClick={screen.create} disabled={createDisabled} /> : undefined}
        rowActions={rowActions ?? defaultActions}
      />
      {screen.editing ? modal(screen.editing.row) : null}
      {screen.confirmation}
    </>
  );
}
