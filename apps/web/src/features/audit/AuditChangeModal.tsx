import {
  AUDIT_SCREEN_TEXTS,
  auditChanges,
  auditEntityText,
  auditTimeText,
  auditValueText,
  type AuditRow,
} from '@relevo/domain';
import { Modal } from '@relevo/ui';

export interface AuditChangeModalProps {
  row: AuditRow;
  /** the viewer's time zone */
  zone: string;
  onClose: () => void;
}

/**
 * One row of the trail, read only (docs/product.md#audit-trail): who, when, from where, and the
 * fields the change touched, before and after side by side.
 */
export function AuditChangeModal({ row, zone, onClose }: AuditChangeModalProps) {
  const changes = auditChanges(row);
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
      title={`${AUDIT_SCREEN_TEXTS.changeTitle}: ${row.action} ${auditEntityText(row.entity)}${row.entity_id ? ` ${row.entity_id}` : ''}`}
    >
      <dl className="audit-change__facts">
        <dt>When</dt>
        <dd>{auditTimeText(row.created_at, zone)}</dd>
        <dt>Who</dt>
        <dd>{row.actor_email ?? '—'}</dd>
        {row.customer ? (
          <>
            <dt>Customer</dt>
            <dd>{row.customer.name}</dd>
          </>
        ) : null}
        <dt>Address</dt>
        <dd>{row.address ?? '—'}</dd>
        <dt>Token</dt>
        <dd>{row.token ? (row.token.name ?? `#${row.token.id}`) : AUDIT_SCREEN_TEXTS.browserSession}</dd>
        {row.detail ? (
          <>
            <dt>Detail</dt>
            <dd>
              <code className="audit-change__detail">{JSON.stringify(row.detail)}</code>
            </dd>
          </>
        ) : null}
      </dl>
      {changes.length === 0 ? (
        <p className="audit-change__none">{AUDIT_SCREEN_TEXTS.noChanges}</p>
      ) : (
        <div className="audit-change__scroll">
          <table className="audit-change__table">
            <caption className="rl-visually-hidden">Fields the change touched</caption>
            <thead>
              <tr>
                <th scope="col">{AUDIT_SCREEN_TEXTS.field}</th>
                <th scope="col">{AUDIT_SCREEN_TEXTS.before}</th>
                <th scope="col">{AUDIT_SCREEN_TEXTS.after}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.key}>
                  <th scope="row">{change.key}</th>
                  <td className="audit-change__before">{auditValueText(change.before)}</td>
                  <td className="audit-change__after">{auditValueText(change.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
