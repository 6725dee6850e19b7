import {
  ESCALATION_INVALID_WARNING,
  ESCALATION_TOAST_MS,
  MESSAGES,
  copiedLabel,
  type Escalation,
} from '@relevo/domain';
import { ConfirmDialog, Icon, IconButton, PageHeader, Tooltip, toast, type DataTableColumn } from '@relevo/ui';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { copyToClipboard } from '../../shell/clipboard';
import { useList, useListParams } from '../../shell/list';
import { CreateButton, RecordRowActions } from '../../shell/record-screen';
import { ListTable } from '../../shell/ListTable';
import { useRemoval } from '../../shell/removal';
import { statusAndChangeColumns } from '../../shell/record-columns';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveEscalationCalls } from './escalation-calls';
import { escalationRights, resourceNames, stepsPath } from './escalation-screens';
import { EscalationModal } from './EscalationModal';
import './escalations.css';

/** docs/product.md#constants-and-limits: escalations are listed by name. */
const DEFAULT_SORT = { column: 'escalation_name', direction: 'asc' } as const;

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

type Editing = { escalation: Escalation | null } | null;

/**
 * docs/product.md#escalations: a searchable table; Create, edit and delete for a Customer Root, the
 * steps page and the warning of an escalation that cannot run for both customer roles.
 */
export function EscalationsPage() {
  const user = useSignedInUser();
  const rights = useMemo(() => escalationRights(user.role.rol_id), [user.role.rol_id]);
  const calls = useService('escalationCalls', liveEscalationCalls);
  const navigate = useNavigate();
  const params = useListParams(DEFAULT_SORT);
  const list = useList(calls.list, params);
  const { reload } = list;

  const [editing, setEditing] = useState<Editing>(null);

  const closeModal = useCallback(() => setEditing(null), []);
  const saved = useCallback(() => {
    toast.success(editing?.escalation ? MESSAGES.escalationUpdated : MESSAGES.escalationCreated, {
      duration: ESCALATION_TOAST_MS,
    });
    setEditing(null);
    reload();
  }, [editing, reload]);

  // an escalation used by a module is refused with a 409 whose detail names it (a warning toast)
  const removal = useRemoval(
    (escalation: Escalation) => calls.remove(escalation.escalation_id),
    MESSAGES.escalationDeleted,
    reload,
  );
  const askRemoval = removal.ask;

  const rowActions = useCallback(
    (row: Escalation) => (
      <span className="escalations__actions">
        <IconButton
          size="sm"
          label={`Show resources of ${row.escalation_name}`}
          icon={<Icon name="users" size={16} />}
          onClick={() => navigate(stepsPath(row.escalation_id))}
        />
        <RecordRowActions
          name={row.escalation_name}
          onEdit={rights.canEdit ? () => setEditing({ escalation: row }) : null}
          onDelete={rights.canDelete ? () => askRemoval(row) : null}
        />
        {row.escalation_validate === 'N' ? <InvalidEscalationIcon /> : null}
      </span>
    ),
    [rights, navigate, askRemoval],
  );

  return (
    <>
      <PageHeader title="Escalations" />
      <ListTable
        label="Escalations"
        columns={COLUMNS}
        list={list}
        params={params}
        rowKey={(row) => row.escalation_id}
        emptyText={MESSAGES.emptyEscalations}
        toolbar={rights.canCreate ? <CreateButton onClick={() => setEditing({ escalation: null })} /> : undefined}
        rowActions={rowActions}
      />
      {editing ? (
        <EscalationModal escalation={editing.escalation} calls={calls} onClose={closeModal} onSaved={saved} />
      ) : null}
      <ConfirmDialog {...removal.dialog} message={MESSAGES.confirmDeleteEscalation} />
    </>
  );
}
