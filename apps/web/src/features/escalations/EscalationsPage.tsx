import { addEscalation, deleteEscalation, updateEscalation } from '@relevo/api';
import {
  ESCALATION_INVALID_WARNING,
  ESCALATION_TOAST_MS,
  MESSAGES,
  copiedLabel,
  type Escalation,
} from '@relevo/domain';
import { Icon, IconButton, Tooltip } from '@relevo/ui';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { copyToClipboard } from '../../shell/clipboard';
import { t } from '../../shell/i18n';
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
          <ul
            className="escalations__resources"
            aria-label={t('Resources of {name}', { name: escalation.escalation_name })}
          >
            {names.map((name, index) => (
              <li key={`${index}-${name}`}>{name}</li>
            ))}
          </ul>
        ) : (
          t('No resources yet')
        )
      }
    >
      <button
        type="button"
        className="escalations__name"
        onClick={() => void copyToClipboard(escalation.escalation_name, t(copiedLabel(t('Escalation Name'))))}
      >
        {escalation.escalation_name}
      </button>
    </Tooltip>
  );
}

/** docs/product.md#escalations and #messages: the warning shown while an escalation cannot run. */
export function InvalidEscalationIcon() {
  const warning = t(ESCALATION_INVALID_WARNING);
  return (
    <Tooltip content={warning} tone="danger">
      <span className="escalations__warning" role="img" aria-label={warning} tabIndex={0}>
        <Icon name="warning" size={18} />
      </span>
    </Tooltip>
  );
}

/**
 * The screen's spec; its title, headers and empty text in the reader's language, so it is built
 * while rendering (once per screen: a change of language draws the app again).
 */
const escalationsSpec = (): RecordListSpec<Escalation> => ({
  endpoints: { add: addEscalation, update: updateEscalation, remove: deleteEscalation },
  table: {
    title: t('Escalations'),
    columns: [
      {
        id: 'escalation_name',
        header: t('Name'),
        cell: (row) => <EscalationName escalation={row} />,
        sortable: true,
      },
      { id: 'escalation_desc', header: t('Description'), cell: (row) => row.escalation_desc, sortable: true },
      ...statusAndChangeColumns('escalation'),
    ],
    emptyText: t(MESSAGES.emptyEscalations),
  },
  // an escalation used by a module is refused with a 409 whose detail names it (a warning toast)
  texts: ['escalationCreated', 'escalationUpdated', 'escalationDeleted', 'confirmDeleteEscalation'],
  savedToastMs: ESCALATION_TOAST_MS,
  // docs/product.md#constants-and-limits: escalations are listed by name
  row: { id: 'escalation_id', name: 'escalation_name', listedBy: 'name' },
});

/**
 * docs/product.md#escalations: a searchable table; Create, edit and delete for a Customer Root, the
 * steps page and the warning of an escalation that cannot run for both customer roles.
 */
export function EscalationsPage() {
  const calls = useService('escalationCalls', liveEscalationCalls);
  const navigate = useNavigate();
  const spec = useMemo(escalationsSpec, []);
  const records = useRecordList(spec, calls);
  const { rowButtons } = records;
  const rowActions = useCallback(
    (row: Escalation) => (
      <span className="escalations__actions">
        <IconButton
          size="sm"
          label={t('Show resources of {name}', { name: row.escalation_name })}
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
