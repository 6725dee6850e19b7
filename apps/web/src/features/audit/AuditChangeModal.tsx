import { AUDIT_SCREEN_TEXTS, auditChanges, auditEntityText, auditValueText, type AuditRow } from '@relevo/domain';
import { Modal } from '@relevo/ui';
import { t } from '../../shell/i18n';
import { auditTime } from './audit-time';

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
      title={t('Change: {action} {record}', {
        action: row.action,
        record: `${auditEntityText(row.entity)}${row.entity_id ? ` ${row.entity_id}` : ''}`,
      })}
    >
      <dl className="audit-change__facts">
        <dt>{t('When')}</dt>
        <dd>{auditTime(row.created_at, zone)}</dd>
        <dt>{t('Who')}</dt>
        <dd>{row.actor_email ?? '—'}</dd>
        {row.customer ? (
          <>
            <dt>{t('Customer')}</dt>
            <dd>{row.customer.name}</dd>
          </>
        ) : null}
        <dt>{t('Address')}</dt>
        <dd>{row.address ?? '—'}</dd>
        <dt>{t('Token')}</dt>
        <dd>{row.token ? (row.token.name ?? `#${row.token.id}`) : t(AUDIT_SCREEN_TEXTS.browserSession)}</dd>
        {row.detail ? (
          <>
            <dt>{t('Detail')}</dt>
            <dd>
              <code className="audit-change__detail">{JSON.stringify(row.detail)}</code>
            </dd>
          </>
        ) : null}
      </dl>
      {changes.length === 0 ? (
        <p className="audit-change__none">{t(AUDIT_SCREEN_TEXTS.noChanges)}</p>
      ) : (
        <div className="audit-change__scroll">
          <table className="audit-change__table">
            <caption className="rl-visually-hidden">{t('Fields the change touched')}</caption>
            <thead>
              <tr>
                <th scope="col">{t(AUDIT_SCREEN_TEXTS.field)}</th>
                <th scope="col">{t(AUDIT_SCREEN_TEXTS.before)}</th>
                <th scope="col">{t(AUDIT_SCREEN_TEXTS.after)}</th>
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
