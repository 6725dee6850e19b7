import { INBOUND_EMAIL_TEXTS, copiedLabel, type Module } from '@relevo/domain';
import { Alert, Button, Icon, Modal, TextField } from '@relevo/ui';
import { copyToClipboard } from '../../shell/clipboard';
import { t } from '../../shell/i18n';

export interface InboundEmailModalProps {
  module: Pick<Module, 'module_name' | 'module_active' | 'inbound_email' | 'inbound_email_state'>;
  onClose: () => void;
}

/**
 * docs/product.md#e-mail-into-incidents: the module's e-mail address with Copy, what a mail to it
 * does and that it is a secret; or why there is none (no credentials yet, or e-mail in is off on
 * this server); a Customer is told it exists and that only a Customer Root sees it.
 */
export function InboundEmailModal({ module, onClose }: InboundEmailModalProps) {
  const address = module.inbound_email;
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(INBOUND_EMAIL_TEXTS.title(module.module_name))}
      footer={<Button onClick={onClose}>{t('Close')}</Button>}
    >
      {module.inbound_email_state === 'off' ? <Alert>{t(INBOUND_EMAIL_TEXTS.off)}</Alert> : null}
      {module.inbound_email_state === 'root_only' ? <Alert>{t(INBOUND_EMAIL_TEXTS.rootOnly)}</Alert> : null}
      {module.inbound_email_state === 'needs_credentials' ? (
        <Alert>{t(INBOUND_EMAIL_TEXTS.needsCredentials)}</Alert>
      ) : null}
      {address ? (
        <div className="modules__inbound">
          {module.module_active === 'N' ? <Alert variant="warning">{t(INBOUND_EMAIL_TEXTS.inactive)}</Alert> : null}
          <div className="modules__key">
            <TextField
              label={t(INBOUND_EMAIL_TEXTS.addressLabel)}
              name="inbound_email"
              readOnly
              className="modules__inbound-field"
              value={address}
              onFocus={(event) => event.currentTarget.select()}
              onValueChange={() => undefined}
            />
            <Button
              size="sm"
              icon={<Icon name="copy" size={16} />}
              onClick={() => void copyToClipboard(address, t(copiedLabel(INBOUND_EMAIL_TEXTS.addressLabel)))}
            >
              {t(INBOUND_EMAIL_TEXTS.copy)}
            </Button>
          </div>
          <p className="modules__inbound-text">{t(INBOUND_EMAIL_TEXTS.how)}</p>
          <p className="modules__inbound-text">{t(INBOUND_EMAIL_TEXTS.secret)}</p>
        </div>
      ) : null}
    </Modal>
  );
}
