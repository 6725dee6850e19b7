import {
  EventNoteSchema,
  ReassignEventSchema,
  ResolveEventSchema,
  type EventActionAnswer,
  type EventNote,
  type ReassignEvent,
  type ResolveEvent,
} from '../engine/event-actions';
import type { EngineChannel } from '../engine/escalation-engine';
import { recordFormMachineFor } from '../machines/record-form/record-form.machine';
import { checkedOutput, formErrors, validate } from './validation';

/**
 * The windows of docs/product.md#responding (Resolve, Reassign, Add note), each a record form on
 * the schema the server applies: the same messages on every input and after a refused save.
 */

/** Resolve: the event's cause, resolution and other comments, all optional. */
export type ResolveFormValues = ResolveEvent;
export const emptyResolveForm = (): ResolveFormValues => ({ event_cause: '', event_resolution: '', resolution: '' });
export const resolveFormErrors = (values: ResolveFormValues) => formErrors(ResolveEventSchema, values);
export const resolveBody = (values: ResolveFormValues): ResolveEvent =>
  checkedOutput(validate(ResolveEventSchema, values));
export const resolveFormMachine = recordFormMachineFor<ResolveFormValues, EventActionAnswer>();
export const RESOLVE_FORM_FIELDS = ['event_cause', 'event_resolution', 'resolution'] as const;

/** Reassign: a resource, and optionally how it is reached ('' lets the server choose: SMS, else e-mail). */
export interface ReassignFormValues {
  resource_id: number | null;
  channel: '' | EngineChannel;
}
export const emptyReassignForm = (): ReassignFormValues => ({ resource_id: null, channel: '' });
const reassignInput = (values: ReassignFormValues) => ({
  resource_id: values.resource_id ?? undefined,
  ...(values.channel ? { channel: values.channel } : {}),
});
export const reassignFormErrors = (values: ReassignFormValues) =>
  formErrors(ReassignEventSchema, reassignInput(values));
export const reassignBody = (values: ReassignFormValues): ReassignEvent =>
  checkedOutput(validate(ReassignEventSchema, reassignInput(values)));
export const reassignFormMachine = recordFormMachineFor<ReassignFormValues, EventActionAnswer>();
export const REASSIGN_FORM_FIELDS = ['resource_id', 'channel'] as const;
/** The channel choices of the Reassign window. */
export const REASSIGN_CHANNEL_OPTIONS: { value: ReassignFormValues['channel']; text: string }[] = [
  { value: '', text: 'SMS when the resource has a phone, else e-mail' },
  { value: 'sms', text: 'SMS' },
  { value: 'voice', text: 'Voice call' },
  { value: 'email', text: 'E-mail' },
];

/** Add note: its text, 1 to 2,000 characters. */
export type NoteFormValues = EventNote;
export const emptyNoteForm = (): NoteFormValues => ({ text: '' });
export const noteFormErrors = (values: NoteFormValues) => formErrors(EventNoteSchema, values);
export const noteBody = (values: NoteFormValues): EventNote => checkedOutput(validate(EventNoteSchema, values));
export const noteFormMachine = recordFormMachineFor<NoteFormValues, EventActionAnswer>();
export const NOTE_FORM_FIELDS = ['text'] as const;
