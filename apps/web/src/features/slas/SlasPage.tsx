import { addSla, deleteSla, updateSla } from '@relevo/api';
import { MESSAGES, SPANISH_CONFIRM_LABELS, type Sla } from '@relevo/domain';
import { type DataTableColumn } from '@relevo/ui';
import { useMemo } from 'react';
import { t } from '../../shell/i18n';
import { RecordListScreen, useRecordList, type RecordListSpec } from '../../shell/record-list';
import { statusAndChangeColumns } from '../../shell/record-columns';
import { useService } from '../../shell/services';
import { liveSlaCalls } from './sla-calls';
import { SlaModal } from './SlaModal';

/** The response time as the domain's slaResponseTimeLabel words it ("15 Minute(s)", "2 Hour(s)"), in the reader's language. */
const responseTimeText = (sla: Pick<Sla, 'sla_response_time' | 'sla_response_time_mult'>) =>
  t('{time} {unit, select, H {Hour(s)} other {Minute(s)}}', {
    time: sla.sla_response_time,
    unit: sla.sla_response_time_mult,
  });

/** The list's columns, in the reader's language (built while rendering). */
const slaColumns = (): DataTableColumn<Sla>[] => [
  { id: 'sla_name', header: t('Name'), cell: (row) => row.sla_name, sortable: true },
  { id: 'sla_desc', header: t('Description'), cell: (row) => row.sla_desc, sortable: true },
  // docs/product.md#constants-and-limits: the number and its unit, M = Minute(s), H = Hour(s)
  {
    id: 'sla_response_time',
    header: t('Response Time'),
    cell: (row) => responseTimeText(row),
    sortable: true,
    width: '10rem',
  },
  ...statusAndChangeColumns('sla'),
];

// an SLA a module uses is refused with a 409 naming the modules; the spec's texts are in the
// reader's language, so the screen makes it once when it opens (a change of language draws the
// whole app again)
const slasSpec = (): RecordListSpec<Sla> => ({
  endpoints: { add: addSla, update: updateSla, remove: deleteSla },
  table: {
    title: t('Service Level Agreement'),
    label: t('Service Level Agreements'),
    columns: slaColumns(),
    emptyText: t(MESSAGES.emptySlas),
  },
  texts: ['slaSaved', 'slaEdited', 'slaDeleted', 'confirmDeleteSla'],
  // docs/product.md#messages: the SLA's delete confirmation is labelled in Spanish
  confirmLabels: SPANISH_CONFIRM_LABELS,
  // docs/product.md#constants-and-limits: SLAs are listed by sla_id
  row: { id: 'sla_id', name: 'sla_name', listedBy: 'id' },
});

/**
 * docs/product.md#slas: the response times the modules promise. List, create, edit and delete (Customer
 * Root); the Customer sees the list only (the calls' permissions, docs/product.md#roles-and-permissions).
 */
export function SlasPage() {
  const calls = useService('slaCalls', liveSlaCalls);
  const spec = useMemo(slasSpec, []);
  const records = useRecordList(spec, calls);
  const { close, saved } = records.screen;
  return (
    <RecordListScreen
      records={records}
      modal={(row) => <SlaModal sla={row} calls={calls} onClose={close} onSaved={saved} />}
    />
  );
}
