import {
  IMPORT_KINDS,
  IMPORT_KIND_LABELS,
  IMPORT_SCREEN_TEXTS,
  IMPORT_SOURCES,
  IMPORT_SOURCE_LABELS,
  importMachine,
  pickedFileError,
  type ImportReport,
  type ImportRequest,
  type ImportSource,
} from '@relevo/domain';
import { Alert, Button, Card, NativeSelectField, PageHeader, Spinner } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useId, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { t } from '../../shell/i18n';
import { useService } from '../../shell/services';
import { liveImportCalls } from './import-calls';
import './ImportsPage.css';

const T = IMPORT_SCREEN_TEXTS;

/**
 * `/imports` (docs/product.md#importers), the Customer Root's: choose the tool, pick its export
 * file, Dry run (what would be made and what cannot be mapped), then Import; the report shows
 * per kind of record what was made and what was already there.
 */
export function ImportsPage() {
  const calls = useService('importCalls', liveImportCalls);
  const machine = useMemo(
    () =>
      importMachine.provide({
        actors: { run: fromPromise<ImportReport, ImportRequest>(({ input }) => calls.run(input)) },
      }),
    [calls],
  );
  const [state, send] = useMachine(machine);
  const { context } = state;
  const fileId = useId();
  const isBusy = state.matches('checking') || state.matches('importing');
  const isReady = context.source !== null && context.file !== null;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const tooLarge = pickedFileError(file.size);
    if (tooLarge) send({ type: 'PICK_FAILED', error: tooLarge });
    else send({ type: 'PICK', name: file.name, text: await file.text() });
  };

  return (
    <>
      <PageHeader title={t(T.title)} description={t(T.intro)} />
      <Card>
        <form
          className="imports__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'DRY_RUN' });
          }}
        >
          <NativeSelectField
            label={t(T.tool)}
            name="from"
            required
            value={context.source}
            disabled={isBusy}
            options={[
              { value: null, text: t(T.toolPlaceholder) },
              ...IMPORT_SOURCES.map((source) => ({ value: source, text: IMPORT_SOURCE_LABELS[source] })),
            ]}
            onChange={(value) => send({ type: 'CHOOSE', source: (value as ImportSource | null) ?? null })}
          />
          <div className="imports__file">
            <label htmlFor={fileId}>{t(T.file)}</label>
            <input
              id={fileId}
              type="file"
              accept="application/json,.json"
              disabled={isBusy}
              onChange={(event) => void pick(event.currentTarget.files?.[0])}
            />
          </div>
          <div className="imports__actions">
            <Button type="submit" disabled={!isReady || isBusy}>
              {t(T.dryRun)}
            </Button>
            <Button
              type="button"
              variant="primary"
              disabled={!state.matches('reviewed')}
              onClick={() => send({ type: 'IMPORT' })}
            >
              {t(T.import)}
            </Button>
          </div>
          {!isReady && !context.error ? <p className="imports__hint">{t(T.chooseFirst)}</p> : null}
        </form>
      </Card>
      {state.matches('checking') ? <Spinner label={t(T.checking)} /> : null}
      {state.matches('importing') ? <Spinner label={t(T.importing)} /> : null}
      {context.error ? <Alert variant="error">{t(context.error)}</Alert> : null}
      {context.report && (state.matches('reviewed') || state.matches('imported')) ? (
        <ImportReportView report={context.report} />
      ) : null}
    </>
  );
}

/** The counts per kind of record, then what could not be mapped and why. */
function ImportReportView({ report }: { report: ImportReport }) {
  const title = t(report.dry_run ? T.dryRunTitle : T.importedTitle);
  return (
    <section className="imports__report" aria-label={title}>
      <table className="imports__table">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t(T.kind)}</th>
            <th scope="col" className="imports__number">
              {t(report.dry_run ? T.toCreate : T.created)}
            </th>
            <th scope="col" className="imports__number">
              {t(T.unchanged)}
            </th>
          </tr>
        </thead>
        <tbody>
          {IMPORT_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{t(IMPORT_KIND_LABELS[kind])}</th>
              <td className="imports__number">
                {report.dry_run ? report.counts[kind].to_create : report.counts[kind].created}
              </td>
              <td className="imports__number">{report.counts[kind].unchanged}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t(T.unmappedTitle)}</h2>
      {report.unmapped.length === 0 ? (
        <p>{t(T.allMapped)}</p>
      ) : (
        <ul className="imports__unmapped" aria-label={t(T.unmappedTitle)}>
          {report.unmapped.map((item, index) => (
            <li key={index}>
              <strong>{t(item.what)}</strong>: {t(item.why)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
