import {
  EVENT_ACTION_MESSAGES,
  NOTE_FORM_FIELDS,
  NOTE_MAX,
  REASSIGN_CHANNEL_OPTIONS,
  REASSIGN_FORM_FIELDS,
  RESOLVE_FORM_FIELDS,
  emptyNoteForm,
  emptyReassignForm,
  emptyResolveForm,
  eventActionRefusal,
  noteBody,
  noteFormErrors,
  noteFormMachine,
  reassignBody,
  reassignFormErrors,
  reassignFormMachine,
  resolveBody,
  resolveFormErrors,
  resolveFormMachine,
  type EventAction,
  type EventActionAnswer,
  type EventStatusValue,
  type RecordFormMachine,
} from '@relevo/domain';
import {
  Button,
  ConfirmDialog,
  FormModal,
  Icon,
  NativeSelectField,
  Spinner,
  TextAreaField,
  toast,
  type SelectOption,
} from '@relevo/ui';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { numberText, t } from '../../shell/i18n';
import { useRecordFormModal } from '../../shell/record-form-modal';
import { reportError } from '../../shell/report-error';
import { savedOrReported } from '../../shell/save-failure';
import type { EventCalls, FilterChoice } from './event-calls';

/** The event as the actions judge it. */
export interface RespondingEvent {
  case_id: string;
  event_status: EventStatusValue;
  accepted_by: string | null;
}

export type ActionWindow = 'resolve' | 'reassign' | 'note';

export interface EventResponseProps {
  event: RespondingEvent;
  calls: Pick<EventCalls, 'respond' | 'resources'>;
  /** an action was taken: the event as it now is */
  onActed: (answer: EventActionAnswer) => void;
  /** a window to open at once (the list's Resolve opens the details with it) */
  initialWindow?: ActionWindow | null;
}

/** A field's messages (the domain's rules) in the active language. */
const errorTexts = (errors: readonly string[] | undefined) => errors?.map((error) => t(error));

/** A record-form machine whose save is `save(values)`; a 422 on `fields` shows on them, anything else as a toast. */
function saving<Values extends object>(
  machine: RecordFormMachine<Values, EventActionAnswer>,
  save: (values: Values) => Promise<EventActionAnswer>,
  fields: readonly string[],
) {
  return () =>
    machine.provide({
      actors: {
        save: fromPromise<EventActionAnswer, Values>(({ input }) => savedOrReported(save(input), fields)),
      },
    });
}

/**
 * docs/product.md#responding: Accept, Resolve, Reassign, Escalate now and Add note (shown to the roles
 * that may respond: `mayCall(role, acceptEvent)`). A button the domain refuses for the event's state is disabled with the reason
 * beside it; a closed event says so instead.
 */
export function EventResponse({ event, calls, onActed, initialWindow = null }: EventResponseProps) {
  const [window, setWindow] = useState<ActionWindow | null>(initialWindow);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<EventAction | null>(null);

  const refusal = (action: EventAction) => eventActionRefusal(action, event);
  const closed = refusal('note');
  const done = (message?: string) => (answer: EventActionAnswer) => {
    if (message) toast.success(t(message));
    setWindow(null);
    onActed(answer);
  };
  const direct = (action: 'accept' | 'escalate', message: string) => {
    setBusy(action);
    calls.respond[action](event.case_id)
      .then(done(message), reportError)
      .finally(() => {
        setBusy(null);
        setConfirming(false);
      });
  };

  if (closed) return <p className="events-respond__closed">{t(closed)}</p>;
  const why = [refusal('accept'), refusal('escalate')].filter((text) => text !== null).map((text) => t(text));
  return (
    <div className="events-respond">
      <div
        className="events-respond__buttons"
        role="group"
        aria-label={t('Respond to {caseId}', { caseId: event.case_id })}
      >
        <Button
          variant="primary"
          icon={<Icon name="check" size={16} />}
          disabled={refusal('accept') !== null}
          loading={busy === 'accept'}
          onClick={() => direct('accept', EVENT_ACTION_MESSAGES.accepted)}
        >
          {t('Accept')}
        </Button>
        <Button icon={<Icon name="check" size={16} />} onClick={() => setWindow('resolve')}>
          {t('Resolve')}
        </Button>
        <Button icon={<Icon name="user" size={16} />} onClick={() => setWindow('reassign')}>
          {t('Reassign')}
        </Button>
        <Button
          icon={<Icon name="escalation" size={16} />}
          disabled={refusal('escalate') !== null}
          onClick={() => setConfirming(true)}
        >
          {t('Escalate now')}
        </Button>
        <Button icon={<Icon name="edit" size={16} />} onClick={() => setWindow('note')}>
          {t('Add note')}
        </Button>
      </div>
      {why.length > 0 ? (
        <p className="events-respond__why">
          {why.map((text) => (
            <span key={text}>{text}. </span>
          ))}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('Escalate now?')}
        message={t("The next step of {caseId}'s escalation is contacted at once.", { caseId: event.case_id })}
        continueLabel={t('Escalate now')}
        busy={busy === 'escalate'}
        onContinue={() => direct('escalate', EVENT_ACTION_MESSAGES.escalated)}
      />
      {window === 'resolve' ? (
        <ResolveWindow
          event={event}
          calls={calls}
          onClose={() => setWindow(null)}
          onSaved={done(EVENT_ACTION_MESSAGES.resolved)}
        />
      ) : null}
      {window === 'reassign' ? (
        <ReassignWindow event={event} calls={calls} onClose={() => setWindow(null)} onSaved={done()} />
      ) : null}
      {window === 'note' ? (
        <NoteWindow
          event={event}
          calls={calls}
          onClose={() => setWindow(null)}
          onSaved={done(EVENT_ACTION_MESSAGES.noted)}
        />
      ) : null}
    </div>
  );
}

interface WindowProps {
  event: RespondingEvent;
  calls: Pick<EventCalls, 'respond' | 'resources'>;
  onClose: () => void;
  onSaved: (answer: EventActionAnswer) => void;
}

function ResolveWindow({ event, calls, onClose, onSaved }: WindowProps) {
  const form = useRecordFormModal(
    saving(
      resolveFormMachine,
      (values) => calls.respond.resolve(event.case_id, resolveBody(values)),
      RESOLVE_FORM_FIELDS,
    ),
    { values: emptyResolveForm(), validate: resolveFormErrors },
    onSaved,
  );
  const field = (name: (typeof RESOLVE_FORM_FIELDS)[number], label: string) => (
    <TextAreaField
      label={label}
      rows={3}
      value={form.values[name]}
      errors={errorTexts(form.errors[name])}
      onValueChange={(value) => form.send({ type: 'CHANGE', field: name, value })}
    />
  );
  return (
    <FormModal
      title={t('Resolve {caseId}', { caseId: event.case_id })}
      description={t('The event is closed and its contacts still waiting are canceled.')}
      busy={form.isSaving}
      done={form.isSaved}
      submitLabel={t('Resolve')}
      onCancel={onClose}
      onSubmit={() => form.send({ type: 'SUBMIT' })}
    >
      {field('event_cause', t('Cause'))}
      {field('event_resolution', t('Resolution'))}
      {field('resolution', t('Other comments'))}
    </FormModal>
  );
}

function ReassignWindow({ event, calls, onClose, onSaved }: WindowProps) {
  const [resources, setResources] = useState<FilterChoice[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    calls.resources(controller.signal).then(setResources, (error: unknown) => {
      if (!controller.signal.aborted) {
        reportError(error);
        setResources([]);
      }
    });
    return () => controller.abort();
  }, [calls]);
  const form = useRecordFormModal(
    saving(
      reassignFormMachine,
      (values) => calls.respond.reassign(event.case_id, reassignBody(values)),
      REASSIGN_FORM_FIELDS,
    ),
    { values: emptyReassignForm(), validate: reassignFormErrors },
    (answer) => {
      const name = resources?.find((resource) => resource.id === form.values.resource_id)?.name ?? t('the resource');
      toast.success(t(EVENT_ACTION_MESSAGES.reassigned(name)));
      onSaved(answer);
    },
  );
  const options: SelectOption[] = [
    { value: null, text: t('Choose a resource') },
    ...(resources ?? []).map((resource) => ({ value: resource.id, text: resource.name })),
  ];
  return (
    <FormModal
      title={t('Reassign {caseId}', { caseId: event.case_id })}
      description={t(
        'The resource is contacted now; if they do not accept, the escalation goes on with its next step.',
      )}
      busy={form.isSaving}
      done={form.isSaved}
      submitLabel={t('Reassign')}
      onCancel={onClose}
      onSubmit={() => form.send({ type: 'SUBMIT' })}
    >
      {resources === null ? (
        <Spinner label={t('Loading the resources')} />
      ) : (
        <>
          <NativeSelectField
            label={t('Resource')}
            name="resource_id"
            required
            options={options}
            value={form.values.resource_id}
            error={errorTexts(form.errors.resource_id)?.[0]}
            onChange={(value) => form.send({ type: 'CHANGE', field: 'resource_id', value: value as number | null })}
          />
          <NativeSelectField
            label={t('Contact by')}
            name="channel"
            options={REASSIGN_CHANNEL_OPTIONS.map((option) => ({ ...option, text: t(option.text) }))}
            value={form.values.channel}
            error={errorTexts(form.errors.channel)?.[0]}
            onChange={(value) =>
              form.send({ type: 'CHANGE', field: 'channel', value: (value ?? '') as typeof form.values.channel })
            }
          />
        </>
      )}
    </FormModal>
  );
}

function NoteWindow({ event, calls, onClose, onSaved }: WindowProps) {
  const form = useRecordFormModal(
    saving(noteFormMachine, (values) => calls.respond.note(event.case_id, noteBody(values)), NOTE_FORM_FIELDS),
    { values: emptyNoteForm(), validate: noteFormErrors },
    onSaved,
  );
  return (
    <FormModal
      title={t('Add a note to {caseId}', { caseId: event.case_id })}
      busy={form.isSaving}
      done={form.isSaved}
      submitLabel={t('Add note')}
      onCancel={onClose}
      onSubmit={() => form.send({ type: 'SUBMIT' })}
    >
      <TextAreaField
        label={t('Note')}
        required
        rows={5}
        value={form.values.text}
        errors={errorTexts(form.errors.text)}
        hint={t("Up to {max} characters, shown on the event's timeline with your name.", { max: numberText(NOTE_MAX) })}
        onValueChange={(value) => form.send({ type: 'CHANGE', field: 'text', value })}
      />
    </FormModal>
  );
}
