import { API_TOKEN_SCREEN_TEXTS, copiedLabel, type ApiTokenCreated } from '@relevo/domain';
import { Alert, Button, Icon, Modal, TextField } from '@relevo/ui';
import { copyToClipboard } from '../../shell/clipboard';

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
      title={API_TOKEN_SCREEN_TEXTS.shownOnceTitle}
      size="lg"
      footer={
        <>
          <Button
            icon={<Icon name="copy" size={16} />}
            onClick={() => void copyToClipboard(created.token, copiedLabel(API_TOKEN_SCREEN_TEXTS.tokenLabel))}
          >
            Copy token
          </Button>
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      <Alert variant="warning">{API_TOKEN_SCREEN_TEXTS.shownOnce}</Alert>
      <TextField
        label={`${API_TOKEN_SCREEN_TEXTS.tokenLabel} "${created.name}"`}
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
