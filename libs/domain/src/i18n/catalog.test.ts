import { describe, expect, it } from 'vitest';
import * as domain from '../index';
import es from './es.json';
import { messageMatcher } from './message-match';

/**
 * The Spanish of the domain's messages (docs/product.md#languages): every message a rule can give
 * has its entry in es.json, whole or, when it was composed with values, as the entry its values
 * fill (the dashboard and the server translate both through `messageMatcher`).
 */
const catalog: Record<string, string> = es;
const match = messageMatcher(Object.keys(catalog));

/** Every string of a `*_MESSAGES` object, nested objects walked, functions left out (they compose). */
function messagesOf(value: unknown, path: string, into: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') into.push([path, value]);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) messagesOf(inner, `${path}.${key}`, into);
  return into;
}

const MESSAGE_OBJECTS = Object.entries(domain).filter(([name]) => /(^|_)MESSAGES$/.test(name));

/**
 * A message whose value comes from a limit or a list of codes (`Must be at most 100 characters`,
 * `Must be one of create, update, …`) is written in the catalog with its argument; any other must
 * be an entry of its own. This keeps a loose entry (`{label} is required`) from standing in for a
 * message that was never translated.
 */
const composedFromCodes = (values: Record<string, string>) =>
  Object.values(values).every((value) => /^\d+$/.test(value) || value.includes(', '));

describe('the Spanish catalog of the domain (es.json)', () => {
  it('finds the exported message objects', () => {
    expect(MESSAGE_OBJECTS.map(([name]) => name)).toEqual(
      expect.arrayContaining(['MESSAGES', 'AUTH_MESSAGES', 'USER_MESSAGES', 'SCHEDULE_MESSAGES', 'WEBHOOK_MESSAGES']),
    );
  });

  it.each(MESSAGE_OBJECTS)('translates every message of %s', (name, object) => {
    const missing = messagesOf(object, name).filter(([, message]) => {
      if (Object.hasOwn(catalog, message)) return false;
      const found = match(message);
      return !found || !composedFromCodes(found.values);
    });
    expect(missing).toEqual([]);
  });

  it('gives every entry a Spanish text', () => {
    expect(Object.entries(catalog).filter(([, spanish]) => !spanish.trim())).toEqual([]);
  });

  it.each([
    [
      domain.customerInUseMessage({ users: 2, events: 1 })!,
      'This customer still has {users} and {events}; remove them first',
    ],
    [domain.customerInUseMessage({ users: 1, events: 0 })!, 'This customer still has {parts}; remove them first'],
    [domain.customerInUseMessage({ users: 0, events: 3 })!, 'This customer still has {parts}; remove them first'],
    [
      domain.resourceDeleteRefusal(['Primary'])!,
      'This resource cannot be deleted: it is a step of the escalation {names}. Remove it from it first.',
    ],
    [
      domain.resourceDeleteRefusal(['A', 'B'])!,
      'This resource cannot be deleted: it is a step of the escalations {names}. Remove it from them first.',
    ],
    [
      domain.resourceDeleteRefusal([], ['Nights'])!,
      'This resource cannot be deleted: it is on call in the schedule {names}. Remove it from it first.',
    ],
    [
      domain.slaDeleteRefusal(['Checkout'])!,
      'This SLA cannot be deleted: the module {names} uses it. Choose another SLA there first.',
    ],
    [
      domain.escalationDeleteRefusal(['A', 'B'])!,
      'This escalation cannot be deleted: the modules {names} use it. Choose another escalation there first.',
    ],
    [
      domain.applicationDeleteRefusal(['Checkout'])!,
      'This application cannot be deleted: it still has the module {names}. Delete it first.',
    ],
    [domain.EVENT_ACTION_MESSAGES.alreadyAccepted('Ana Torres'), 'This event was already accepted by {name}'],
    [domain.EVENT_ACTION_MESSAGES.reassigned('Ana Torres'), 'Event reassigned to {name}'],
    [domain.PROVIDER_MESSAGES.saved('twilio'), '{provider} settings saved'],
    [domain.PROVIDER_MESSAGES.required('Auth token'), '{label} is required'],
    [domain.SCHEDULE_MESSAGES.shiftLengthMax('W'), 'A shift is at most {max} weeks'],
    [
      domain.SCHEDULE_MESSAGES.inUse('"Primary"'),
      'This schedule is used by escalation {escalations}: remove those steps first',
    ],
    [domain.IMPORT_MESSAGES.notExport('Opsgenie', 'unknown shape'), 'The file is not an {tool} export: {detail}'],
    [domain.IMPORT_MESSAGES.notExport('PagerDuty', 'unknown shape'), 'The file is not a {tool} export: {detail}'],
    [domain.STEP_MESSAGES.followUpMin(15), 'Next Follow Up Time must be at least {min}'],
    [domain.modulesTitle('Demo Store'), 'Modules of {application}'],
    ['Escalation policy Checkout, step 2: wait', 'Escalation policy {policy}, step {number}: wait'],
    ['Escalation policy Checkout, rule 1: Ana', 'Escalation policy {policy}, rule {number}: {target}'],
    ['Schedule Nights, Layer 1: restriction', 'Schedule {schedule}, {layer}: restriction'],
  ])('matches the composed "%s" to its entry', (message, id) => {
    expect(match(message)?.id).toBe(id);
    expect(Object.hasOwn(catalog, id)).toBe(true);
  });

  /** The Spanish of a message as the dashboard writes it: the entry, its values translated the same way. */
  const spanish = (message: string): string => {
    const found = match(message);
    if (!found) return message;
    return catalog[found.id]!.replace(/\{(\w+)\}/g, (_, name: string) => spanish(found.values[name] ?? ''));
  };

  it.each([
    [
      domain.customerInUseMessage({ users: 2, events: 1 })!,
      'Este cliente todavía tiene 2 usuarios y 1 evento; elimínelos primero',
    ],
    [
      domain.customerInUseMessage({ users: 3, events: 0 })!,
      'Este cliente todavía tiene 3 usuarios; elimínelos primero',
    ],
    ['Escalation policy Checkout, step 2: wait', 'Política de escalamiento Checkout, paso 2: espera'],
    ['Schedule Nights, Layer 1: restriction', 'Calendario Nights, Capa 1: restricción'],
    [domain.MAINTENANCE_MESSAGES.tooLong, 'Una ventana dura como máximo 31 días'],
  ])('says "%s" in Spanish', (message, expected) => {
    expect(spanish(message)).toBe(expected);
  });

  it('translates the values of a composed message too', () => {
    const found = match(domain.customerInUseMessage({ users: 2, events: 1 })!);
    expect(found?.values).toEqual({ users: '2 users', events: '1 event' });
    expect(Object.values(found!.values).map((value) => match(value)?.id)).toEqual(['{count} users', '1 event']);
    const listed = match(domain.resourceDeleteRefusal(['A', 'B', 'C', 'D', 'E', 'F', 'G'])!);
    expect(match(listed!.values.names!)?.id).toBe('{names} and {count} more');
  });
});
