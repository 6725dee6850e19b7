import { API_TOKEN_SCREEN_TEXTS, copiedLabel, type ApiTokenCreated } from '@relevo/domain';
import { Alert, Button, Icon, Modal, TextField } from '@relevo/ui';
import { copyToClipboard } from '../../shell/clipboard';
import { t } from '../../shell/i18n';

export interface ApiTokenShownModalProps {
  created: ApiTokenCreated;
  onClose: () => void;
}

/** docs/product.md#api-tokens: the new token, shown this once, to copy before the window closes. */
export function ApiTokenShownModal({ created, onClose }: ApiTokenShownModalProps) {
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(API_TOKEN_SCREEN_TEXTS.shownOnceTitle)}
      size="lg"
      footer={
        <>
          <Button
            icon={<Icon name="copy" size={16} />}
            onClick={() => void copyToClipboard(created.token, t(copiedLabel(API_TOKEN_SCREEN_TEXTS.tokenLabel)))}
          >
            {t('Copy token')}
          </Button>
          <Button variant="primary" onClick={onClose}>
            {t('Done')}
          </Button>
        </>
      }
    >
      <Alert variant="warning">{t(API_TOKEN_SCREEN_TEXTS.shownOnce)}</Alert>
      <TextField
        label={t('Token "{name}"', { name: created.name })}
        name="token"
        value={created.token}
        readOnly
        spellCheck={false}
        autoComplete="off"
        onValueChange={() => undefined}
      />
    </Modal>
  );
}
