import { addSla, deleteSla, updateSla } from '@relevo/api';
import { MESSAGES, SPANISH_CONFIRM_LABELS, slaResponseTimeLabel, type Sla } from '@relevo/domain';
import { type DataTableColumn } from '@relevo/ui';
import { RecordListScreen, useRecordList, type RecordListSpec } from '../../shell/record-list';
import { statusAndChangeColumns } from '../../shell/record-columns';
import { useService } from '../../shell/services';
import { liveSlaCalls } from './sla-calls';
import { SlaModal } from './SlaModal';

const COLUMNS: DataTableColumn<Sla>[] = [
  { id: 'sla_name', header: 'Name', cell: (row) => row.sla_name, sortable: true },
  { id: 'sla_desc', header: 'Description', cell: (row) => row.sla_desc, sortable: true },
  // docs/product.md#constants-and-limits: the number and its unit, M = Minute(s), H = Hour(s)
  {
    id: 'sla_response_time',
    header: 'Response Time',
    cell: (row) => slaResponseTimeLabel(row),
    sortable: true,
    width: '10rem',
  },
  ...statusAndChangeColumns('sla'),
];

// an SLA a module uses is refused with a 409 naming the modules
const SLAS: RecordListSpec<Sla> = {
  endpoints: { add: addSla, update: updateSla, remove: deleteSla },
  table: {
    title: 'Service Level Agreement',
    label: 'Service Level Agreements',
    columns: COLUMNS,
    emptyText: MESSAGES.emptySlas,
  },
  texts: ['slaSaved', 'slaEdited', 'slaDeleted', 'confirmDeleteSla'],
  // docs/product.md#messages: the SLA's delete confirmation is labelled in Spanish
  confirmLabels: SPANISH_CONFIRM_LABELS,
  // docs/product.md#constants-and-limits: SLAs are listed by sla_id
  row: { id: 'sla_id', name: 'sla_name', listedBy: 'id' },
};

/**
 * docs/product.md#slas: the response times the modules promise. List, create, edit and delete (Customer
 * Root); the Customer sees the list only (the calls' permissions, docs/product.md#roles-and-permissions).
 */
export function SlasPage() {
  const calls = useService('slaCalls', liveSlaCalls);
  const records = useRecordList(SLAS, calls);
  const { close, saved } = records.screen;
  return (
    <RecordListScreen
      records={records}
      modal={(row) => <SlaModal sla={row} calls={calls} onClose={close} onSaved={saved} />}
    />
  );
}
