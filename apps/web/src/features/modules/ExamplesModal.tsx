import { EXAMPLE_LANGUAGES, type ExampleLanguage, type IngestExample, type Module } from '@relevo/domain';
import { Alert, Button, Modal, Spinner, Tabs } from '@relevo/ui';
import { useEffect, useState } from 'react';
import { t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import type { ApplicationCalls } from '../../calls/application-calls';

export interface ExamplesModalProps {
  module: Pick<Module, 'module_id' | 'module_name'>;
  calls: Pick<ApplicationCalls, 'examples'>;
  onClose: () => void;
}

type Loaded =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; examples: Record<ExampleLanguage, IngestExample> };

/** docs/product.md#modules Examples: one tab per programming language with a title, a description and the code; no download. */
export function ExamplesModal({ module, calls, onClose }: ExamplesModalProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [language, setLanguage] = useState<string>(EXAMPLE_LANGUAGES[0]);

  useEffect(() => {
    let current = true;
    calls.examples(module.module_id).then(
      (examples) => current && setLoaded({ status: 'ready', examples }),
      (error: unknown) => {
        if (!current) return;
        reportError(error);
        setLoaded({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [calls, module.module_id]);

  return (
    <Modal
      open
      size="lg"
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('Examples for {name}', { name: module.module_name })}
      footer={<Button onClick={onClose}>{t('Close')}</Button>}
    >
      {loaded.status === 'loading' ? <Spinner label={t('Loading the examples')} /> : null}
      {loaded.status === 'failed' ? <Alert variant="error">{t('The examples could not be loaded.')}</Alert> : null}
      {loaded.status === 'ready' ? (
        <Tabs
          label={t('Programming languages')}
          value={language}
          onValueChange={setLanguage}
          tabs={EXAMPLE_LANGUAGES.map((id) => {
            const example = loaded.examples[id];
            return {
              id,
              content: (
                <article className="modules__example">
                  {/* written by the server (the domain's ingestExamples), translated by its catalog */}
                  <h3 className="modules__example-subject">{t(example.blockSubject)}</h3>
                  <p className="modules__example-body">{t(example.blockBody)}</p>
                  <pre className="modules__example-code" tabIndex={0}>
                    <code>{example.blockProgrammingCode}</code>
                  </pre>
                </article>
              ),
            };
          })}
        />
      ) : null}
    </Modal>
  );
}
