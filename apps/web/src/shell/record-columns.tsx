import { activeFlagStatus, type YesNo } from '@relevo/domain';
import { StatusBadge, type DataTableColumn } from '@relevo/ui';
import { listDateText, t } from './i18n';

/** A catalogue record as its list shows it: `<kind>_active`, who made and last changed it, and when. */
type ListedRecord<Kind extends string> = Record<`${Kind}_active`, YesNo> &
  Record<`${Kind}_createby` | `${Kind}_updateby` | `${Kind}_createdt` | `${Kind}_updatedt`, string | null>;

/**
 * The last columns of a catalogue list (docs/product.md#applications, #modules, #resources,
 * #escalations, #slas): Status (ACTIVE or INACTIVE), Updated By and Update Date, all sortable. A
 * record never edited shows who created it, and when. Built while rendering: the headers are in the
 * reader's language.
 */
export function statusAndChangeColumns<Kind extends string, Row extends ListedRecord<Kind>>(
  kind: Kind,
): DataTableColumn<Row>[] {
  const active = `${kind}_active` as const;
  const [createby, updateby] = [`${kind}_createby` as const, `${kind}_updateby` as const];
  const [createdt, updatedt] = [`${kind}_createdt` as const, `${kind}_updatedt` as const];
  // the constraint on Row checks the fields where the list is declared; here they are read by name
  const field = (row: Row, name: string) => (row as unknown as Record<string, string | null>)[name] ?? null;
  return [
    {
      id: active,
      header: t('Status'),
      cell: (row) => {
        const status = activeFlagStatus(field(row, active) as YesNo);
        return <StatusBadge {...status} label={t(status.label)} />;
      },
      sortable: true,
      width: '8rem',
    },
    {
      id: updateby,
      header: t('Updated By'),
      cell: (row) => field(row, updateby) ?? field(row, createby) ?? '',
      sortable: true,
    },
    {
      id: updatedt,
      header: t('Update Date'),
      cell: (row) => <span className="rl-tabular">{listDateText(field(row, updatedt) ?? field(row, createdt))}</span>,
      sortable: true,
      width: '8.5rem',
    },
  ];
}
