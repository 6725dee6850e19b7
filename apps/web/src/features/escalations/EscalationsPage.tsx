import { addEscalation, deleteEscalation, updateEscalation } from '@relevo/api';
import {
  ESCALATION_INVALID_WARNING,
  ESCALATION_TOAST_MS,
  MESSAGES,
  copiedLabel,
  type Escalation,
} from '@relevo/domain';
import { Icon, IconButton, Tooltip, type DataTableColumn } from '@relevo/ui';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { copyToClipboard } from '../../shell/clipboard';
import { statusAndChangeColumns } from '../../shell/record-columns';
import { RecordListScreen, useRecordList, type RecordListSpec } from '../../shell/record-list';
import { useService } from '../../shell/services';
import { liveEscalationCalls } from './escalation-calls';
import { resourceNames, stepsPath } from './escalation-screens';
import { EscalationModal } from './EscalationModal';
import './escalations.css';

/** Hovering (or focusing) the name lists its resources; a click copies the name (docs/product.md#escalations). */
function EscalationName({ escalation }: { escalation: Escalation }) {
  const names = resourceNames(escalation.resources);
  return (
    <Tooltip
      content={
        names.length ? (
          <ul className="escalations__resources" aria-label={`Resources of ${escalation.escalation_name}`}>
            {names.map((name, index) => (
              <li key={`${index}-${name}`}>{name}</li>
            ))}
          </ul>
        ) : (
          'No resources yet'
        )
      }
    >
      <button
        type="button"
        className="escalations__name"
        onClick={() => void copyToClipboard(escalation.escalation_name, copiedLabel('Escalation Name'))}
      >
        {escalation.escalation_name}
      </button>
    </Tooltip>
  );
}

/** docs/product.md#escalations and #messages: the warning shown while an escalation cannot run. */
export function InvalidEscalationIcon() {
  return (
    <Tooltip content={ESCALATION_INVALID_WARNING} tone="danger">
      <span className="escalations__warning" role="img" aria-label={ESCALATION_INVALID_WARNING} tabIndex={0}>
        <Icon name="warning" size={18} />
      </span>
    </Tooltip>
  );
}

const COLUMNS: DataTableColumn<Escalation>[] = [
  { id: 'escalation_name', header: 'Name', cell: (row) => <EscalationName escalation={row} />, sortable: true },
  { id: 'escalation_desc', header: 'Description', cell: (row) => row.escalation_desc, sortable: true },
  ...statusAndChangeColumns('escalation'),
];

// an escalation used by a module is refused with a 409 whose detail names it (a warning toast)
const ESCALATIONS: RecordListSpec<Escalation> = {
  endpoints: { add: addEscalation, update: updateEscalation, remove: deleteEscalation },
  table: { title: 'Escalations', columns: COLUMNS, emptyText: MESSAGES.emptyEscalations },
  texts: ['escalationCreated', 'escalationUpdated', 'escalationDeleted', 'confirmDeleteEscalation'],
  savedToastMs: ESCALATION_TOAST_MS,
  // docs/product.md#constants-and-limits: escalations are listed by name
  row: { id: 'escalation_id', name: 'escalation_name', listedBy: 'name' },
};

/**
 * docs/product.md#escalations: a searchable table; Create, edit and delete for a Customer Root, the
 * steps page and the warning of an escalation that cannot run for both customer roles.
 */
export function EscalationsPage() {
  const calls = useService('escalationCalls', liveEscalationCalls);
  const navigate = useNavigate();
  const records = useRecordList(ESCALATIONS, calls);
  const { rowButtons } = records;
  const rowActions = useCallback(
    (row: Escalation) => (
      <span className="escalations__actions">
        <IconButton
          size="sm"
          label={`Show resources of ${row.escalation_name}`}
          icon={<Icon name="users" size={16} />}
          onClick={() => navigate(stepsPath(row.escalation_id))}
        />
        {rowButtons(row)}
        {row.escalation_validate === 'N' ? <InvalidEscalationIcon /> : null}
      </span>
    ),
    [rowButtons, navigate],
  );
  const { close, saved } = records.screen;
  return (
    <RecordListScreen
      records={records}
      rowActions={rowActions}
      modal={(row) => <EscalationModal escalation={row} calls={calls} onClose={close} onSaved={saved} />}
    />
  );
}
