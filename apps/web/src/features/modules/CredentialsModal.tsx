import {
  CREDENTIAL_MESSAGES,
  copiedLabel,
  credentialCsv,
  credentialMachine,
  shownKey,
  type Module,
} from '@relevo/domain';
import { Alert, Button, ConfirmDialog, Icon, IconButton, Modal, TextField, toast } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { copyToClipboard } from '../../shell/clipboard';
import { downloadText } from '../../shell/download';
import { t } from '../../shell/i18n';
import { reported } from '../../shell/report-error';
import type { ApplicationCalls } from '../../calls/application-calls';

export interface CredentialsModalProps {
  module: Pick<Module, 'module_id' | 'module_name' | 'application'>;
  calls: Pick<ApplicationCalls, 'generateCredential'>;
  onClose: () => void;
}

/** The modal's machine: the domain's credential machine, generating through the screen's calls. */
export function credentialMachineFor(calls: CredentialsModalProps['calls']) {
  return credentialMachine.provide({
    actors: {
      generate: fromPromise<string, { moduleId: number; applicationId: number }>(({ input }) =>
        reported(calls.generateCredential(input.moduleId, input.applicationId)),
      ),
    },
  });
}

/**
 * docs/product.md#modules Credentials, #states-and-transitions: a warning that the current key stops working, 'Create New Credentials'
 * confirmed first; then the module ID and the key, masked until shown, with copy and 'Download to CSV'.
 */
export function CredentialsModal({ module, calls, onClose }: CredentialsModalProps) {
  const [machine] = useState(() => credentialMachineFor(calls));
  const [state, send] = useMachine(machine, {
    input: { moduleId: module.module_id, applicationId: module.application.application_id },
  });
  const { key, shown, error } = state.context;
  const isGenerating = state.matches('generating');

  // a new key is announced once, when it arrives
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (key && announced.current !== key) {
      announced.current = key;
      toast.success(t(CREDENTIAL_MESSAGES.created));
    }
  }, [key]);

  return (
    <>
      <Modal
        open
        onOpenChange={(open) => {
          if (!open && !isGenerating) onClose();
        }}
        title={t('Credentials of {name}', { name: module.module_name })}
        footer={
          <>
            <Button onClick={onClose} disabled={isGenerating}>
              {t('Close')}
            </Button>
            <Button
              variant="primary"
              icon={<Icon name="key" size={16} />}
              loading={isGenerating}
              onClick={() => send({ type: 'CREATE' })}
            >
              {t('Create New Credentials')}
            </Button>
          </>
        }
      >
        <Alert variant="warning">{t(CREDENTIAL_MESSAGES.warning)}</Alert>
        {state.matches('failed') && error ? <Alert variant="error">{t(error)}</Alert> : null}
        {key && state.matches('created') ? (
          <div className="modules__credential">
            <TextField
              label={t('Module ID')}
              name="module_id"
              readOnly
              value={String(module.module_id)}
              onValueChange={() => undefined}
            />
            <div className="modules__key">
              <TextField
                label={t('Credential Key')}
                name="credential_key"
                readOnly
                className="modules__key-field"
                value={shownKey(key, shown)}
                hint={t('Shown only now: keep it somewhere safe.')}
                onValueChange={() => undefined}
              />
              <Button
                size="sm"
                icon={<Icon name={shown ? 'eye-off' : 'eye'} size={16} />}
                onClick={() => send({ type: 'TOGGLE' })}
              >
                {shown ? t('Hide') : t('Show')}
              </Button>
              <IconButton
                size="sm"
                label={t('Copy the credential key')}
                icon={<Icon name="copy" size={16} />}
                onClick={() => void copyToClipboard(key, t(copiedLabel(t('Credential Key'))))}
              />
            </div>
            <Button
              onClick={() => {
                const file = credentialCsv(module.module_id, key, new Date());
                downloadText(file.fileName, file.content);
              }}
            >
              {t('Download to CSV')}
            </Button>
          </div>
        ) : null}
      </Modal>
      <ConfirmDialog
        open={state.matches('confirming')}
        onOpenChange={(open) => {
          if (!open) send({ type: 'CANCEL' });
        }}
        message={t(CREDENTIAL_MESSAGES.confirm)}
        onContinue={() => send({ type: 'CONTINUE' })}
      />
    </>
  );
}
