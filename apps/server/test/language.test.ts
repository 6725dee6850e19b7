import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, compiledArgumentNames, DISPLAY_LANGUAGE_MESSAGES, type SessionUser } from '@relevo/domain';
import { ManualClock } from '../src/clock';
import { LOGIN_CODE_SUBJECT, loginCodeMail, phoneChangedMail } from '../src/delivery/templates';
import { mergedCatalogs, translator } from '../src/i18n/translate';
import mailCatalog from '../src/i18n/mail-es.json';
import { GapWarnings, gapMail } from '../src/schedules/gap-warnings';
import { HandoffNotices, handoffMail } from '../src/schedules/handoffs';
import { disabledMail } from '../src/webhooks/worker';
import { insertResource } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { dailyRotation as daily, insertSchedule } from './support/schedules';
import { asSystem, codeIn, startTestApp, type TestApp, type TestUser } from './support/harness';

/**
 * docs/product.md#languages: each user's own language (`PUT /api/users/me`), kept for the user and
 * not the device, and every e-mail Relevo writes to a person in that person's language, English
 * when they chose none, the English as it always was.
 */

const SRC = join(import.meta.dirname, '../src');
const SPANISH_CODE_SUBJECT = 'Su código de verificación de Relevo';

/** The argument names of an ICU message, its plurals' and selects' included. */
const argumentsOf = (message: string): string[] => compiledArgumentNames(compileMessage(message));

function sourceText(dir: string): string {
  return readdirSync(dir)
    .map((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceText(path);
      return name.endsWith('.ts') ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('the e-mails’ catalog and the server’s translator', () => {
  it('merges the catalogs it reads with no English translated two ways, and refuses a clash', () => {
    const merged = mergedCatalogs();
    for (const [english, spanish] of Object.entries(mailCatalog)) expect(merged.get(english)).toBe(spanish);
    expect(() =>
      mergedCatalogs([
        { file: 'a.json', messages: { Save: 'Guardar' } },
        { file: 'b.json', messages: { Save: 'Salvar' } },
      ]),
    ).toThrow('"Save" is translated differently in a.json and b.json');
  });

  it('holds a Spanish text for each English one, with the same arguments, each English used by the server', () => {
    const source = sourceText(SRC);
    const problems = Object.entries(mailCatalog as Record<string, string>).flatMap(([english, spanish]) => {
      const found = source.includes(`'${english.replace(/'/g, "\\'")}'`) || source.includes(`\`${english}\``);
      return [
        ...(spanish.trim() ? [] : [`empty: ${english}`]),
        ...(argumentsOf(english).join() === argumentsOf(spanish).join() ? [] : [`arguments: ${english}`]),
        ...(found ? [] : [`unused: ${english}`]),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('answers English exactly as written, its values as given, whatever they hold', () => {
    const t = translator('en');
    const tricky = "O'Brien {name} '{' \\x41 \\u0041 # & <b>";
    expect(t('Hello {name},', { name: tricky })).toBe(`Hello ${tricky},`);
    expect(t.html('Hello {name},', { name: '<b>Ana</b>' })).toBe('Hello <b>Ana</b>,');
    expect(t.html('If this & that')).toBe('If this &amp; that');
    // a text no catalog holds and no values complete is shown as it is
    expect(t(tricky)).toBe(tricky);
    expect(t('{count, plural, one {1 schedule has} other {{count} schedules have}}', { count: 1000 })).toBe(
      '1000 schedules have',
    );
  });

  it('answers Spanish from the catalogs, a composed message by its entry, an unknown text as it is', () => {
    const t = translator('es');
    expect(t('Hello {name},', { name: 'Ana {x}' })).toBe('Hola, Ana {x}:');
    expect(t('and {count} more.', { count: 3 })).toBe('y 3 más.');
    // composed by the server, found by its entry, its part left as it is
    expect(t('Reason: HTTP 500')).toBe('Motivo: HTTP 500');
    expect(t('Something no catalog holds')).toBe('Something no catalog holds');
  });
});

describe('each e-mail in Spanish, and in English as it always was', () => {
  const at = new Date('2026-01-12T13:05:00Z');

  it('writes the sign-in code and the phone notice in the reader’s language', () => {
    expect(loginCodeMail('Ana', 123456)).toEqual({
      subject: 'Your Relevo verification code',
      text: 'Hello Ana,\n\nYour verification code is 123456.\nIt is valid for 10 minutes and can be used once.\n\nIf you did not try to sign in, change your password.',
      html: expect.stringMatching(/^<!doctype html><html><body /),
    });
    const spanish = loginCodeMail('Ana', 123456, 'es');
    expect(spanish.subject).toBe(SPANISH_CODE_SUBJECT);
    expect(spanish.text).toBe(
      'Hola, Ana:\n\nSu código de verificación es 123456.\nEs válido durante 10 minutos y se puede usar una sola vez.\n\nSi usted no intentó iniciar sesión, cambie su contraseña.',
    );
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toContain('Su código de verificación es <strong');
    expect(phoneChangedMail('Ana', { removed: false, at }).text).toContain(
      'The phone number of your Relevo account was changed on 2026-01-12 13:05 UTC.',
    );
    const phone = phoneChangedMail('Ana', { removed: true, at }, 'es');
    expect(phone.subject).toBe('Su número de teléfono de Relevo se eliminó');
    expect(phone.text).toContain('se eliminó el 12 de enero de 2026');
    expect(phone.text).toContain('13:05 UTC.');
  });

  it('writes the schedules’ notices and a disabled webhook’s in the reader’s language, dates included', () => {
    const gap = {
      schedule_id: 7,
      schedule_name: 'Primary',
      time_zone: 'America/Puerto_Rico',
      start: at.getTime(),
      end: at.getTime() + 3_600_000,
    };
    expect(gapMail('Root', [gap]).subject).toBe('Relevo: 1 schedule has nobody on call in the next 14 days');
    const gaps = gapMail('Root', [gap, { ...gap, schedule_id: 8 }], undefined, 'es');
    expect(gaps.subject).toBe('Relevo: 2 calendarios no tienen a nadie de guardia en los próximos 14 días');
    expect(gaps.text).toContain('- Primary: nadie de guardia desde el 12 ene 2026, 9:05 hasta el 12 ene 2026, 10:05');
    const notice = { customer_id: 1, schedule_id: 7, schedule_name: 'Primary', time_zone: 'UTC', resource_id: 3 };
    expect(handoffMail({ ...notice, start: at.getTime(), end: null }, 'Ana', null).text).toBe(
      'Hello Ana,\n\nYour on-call shift on Primary started 2026-01-12 13:05 (+00:00). It lasts more than 31 days.\nIncidents escalated to this schedule reach you until then.',
    );
    expect(handoffMail({ ...notice, start: at.getTime(), end: null }, 'Ana', null, 'es')).toEqual({
      subject: 'Relevo: su turno de guardia en Primary comienza ahora',
      text: 'Hola, Ana:\n\nSu turno de guardia en Primary comenzó el 12 ene 2026, 13:05. Dura más de 31 días.\nHasta entonces, los incidentes escalados a este calendario le llegan a usted.',
    });
    const webhook = { webhook_url: 'https://hooks.example.test/relevo', webhook_desc: '' };
    expect(disabledMail('Root', webhook, 'HTTP 500', 'https://relevo.example.test').text).toContain(
      'Reason: HTTP 500\n',
    );
    const disabled = disabledMail('Root', webhook, 'HTTP 500', 'https://relevo.example.test', 'es');
    expect(disabled.text).toContain('Relevo desactivó el webhook https://hooks.example.test/relevo:');
    expect(disabled.text).toContain('Motivo: HTTP 500\n');
  });
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Monday 2026-01-05, 09:00 in New York: a daily handoff, and the morning of the gap warnings */
const MONDAY_NINE = Date.parse('2026-01-05T14:00:00Z');
const ROLES = ['StaffRoot', 'StaffEdit', 'StaffView', 'CustomerRoot', 'Customer'] as const;

describe.each(DATABASE_KINDS)('the own language on %s', (kind) => {
  let t: TestApp;
  let acme: number;
  const people = new Map<(typeof ROLES)[number], TestUser & { token: string }>();

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const put = (token: string | null, body: unknown) =>
    t.raw<SessionUser>('PUT', '/api/users/me', { body, headers: token ? bearer(token) : {} });
  const me = async (token: string) =>
    (await t.raw<SessionUser>('GET', '/api/users/me', { headers: bearer(token) })).body;
  const languages = async () =>
    Object.fromEntries(
      (await asSystem(t, (tx) => tx.selectFrom('users').select(['id', 'language']).orderBy('id').execute())).map(
        (row) => [row.id, row.language],
      ),
    );

  /** Both sign-in steps, the code read from the mail of this subject (the reader's language). */
  async function signIn(user: TestUser, subject: string): Promise<string> {
    await t.settleOutbox();
    const before = t.mailbox.to(user.email, subject).length;
    const first = await t.raw<{ access_token: string }>('POST', '/api/login/jwt/', {
      body: { email: user.email, password: user.password },
    });
    expect(first.status).toBe(200);
    const mail = await t.mailbox.waitFor(user.email, before + 1, 10_000, subject);
    const second = await t.raw<{ access_token: string }>('POST', '/api/login/jwt/tfa', {
      body: { code: codeIn(mail.text) },
      headers: bearer(first.body.access_token),
    });
    expect(second.status).toBe(200);
    return second.body.access_token;
  }

  beforeAll(async () => {
    t = await startTestApp({
      kind,
      clock: new ManualClock(MONDAY_NINE - HOUR),
      config: { publicUrl: 'https://relevo.example.test' },
    });
    acme = await t.createCustomer('Acme');
    await t.createCustomer('Beta');
    for (const role of ROLES) {
      const user = await t.createUser({ role, ...(role.startsWith('Customer') ? { customer: 'Acme' } : {}) });
      people.set(role, { ...user, token: await signIn(user, LOGIN_CODE_SUBJECT) });
    }
    // people of another customer, whose language nobody else's call may change
    await t.createUser({ role: 'CustomerRoot', customer: 'Beta' });
    await t.createUser({ role: 'Customer', customer: 'Beta' });
  }, 120_000);
  afterAll(async () => t?.close());

  it.each(ROLES)('lets a %s set English, Spanish and none for itself, and nobody else', async (role) => {
    const person = people.get(role)!;
    for (const language of ['es', 'en', null] as const) {
      const before = await languages();
      const answer = await put(person.token, { language });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ id: person.id, email: person.email, language });
      expect(await languages()).toEqual({ ...before, [person.id]: language });
      expect((await me(person.token)).language).toBe(language);
    }
  });

  it('refuses a bad value, another field or another user with a 422 and its message, changing nothing', async () => {
    const person = people.get('CustomerRoot')!;
    const other = people.get('Customer')!;
    expect((await put(person.token, { language: 'en' })).status).toBe(200);
    const before = await languages();
    const cases: [unknown, string][] = [
      [{ language: 'fr' }, DISPLAY_LANGUAGE_MESSAGES.language],
      [{ language: 'ES' }, DISPLAY_LANGUAGE_MESSAGES.language],
      [{ language: 1 }, DISPLAY_LANGUAGE_MESSAGES.language],
      [{ language: 'es', theme: 'dark' }, 'Only language can be changed here'],
      [{ language: 'es', id: other.id }, 'Only language can be changed here'],
    ];
    for (const [body, message] of cases) {
      const answer = await put(person.token, body);
      expect({ body, status: answer.status }).toEqual({ body, status: 422 });
      expect((answer.body as unknown as { detail: { msg: string }[] }).detail.map((item) => item.msg)).toContain(
        message,
      );
    }
    expect((await put(person.token, {})).status).toBe(422);
    expect(await languages()).toEqual(before);
    expect((await me(person.token)).language).toBe('en');
  });

  it('answers 401 to a call with no session, and refuses an API token (a token never changes its owner)', async () => {
    const before = await languages();
    expect((await put(null, { language: 'es' })).status).toBe(401);
    expect((await put('not-a-session', { language: 'es' })).status).toBe(401);
    const root = people.get('CustomerRoot')!;
    const made = await t.raw<{ token: string }>('POST', '/api/tokens', {
      body: {
        name: 'Language',
        scopes: ['read', 'catalogue', 'events'],
        expires_at: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
      },
      headers: bearer(root.token),
    });
    expect(made.status, made.text).toBe(200);
    const refused = await put(made.body.token, { language: 'es' });
    expect(refused).toMatchObject({ status: 403, body: { detail: API_TOKEN_MESSAGES.sessionOnly } });
    expect(await languages()).toEqual(before);
    // the token reads its owner's choice
    expect((await me(made.body.token)).id).toBe(root.id);
  });

  it('keeps the choice for the user: a new sign-in finds it, and its code arrives in it', async () => {
    const person = people.get('StaffView')!;
    expect((await put(person.token, { language: 'es' })).status).toBe(200);
    const elsewhere = await signIn(person, SPANISH_CODE_SUBJECT);
    expect(await me(elsewhere)).toMatchObject({ id: person.id, language: 'es' });
    // the same choice, the same session user, on the first device too
    expect((await me(person.token)).language).toBe('es');
    expect((await put(elsewhere, { language: null })).status).toBe(200);
    expect((await me(person.token)).language).toBeNull();
  });

  it('keeps a change in the audit trail, and no row for a choice that changed nothing', async () => {
    const person = people.get('Customer')!;
    expect((await put(person.token, { language: null })).status).toBe(200);
    const trail = () =>
      asSystem(t, (tx) =>
        tx
          .selectFrom('audit_log')
          .select(['action', 'entity', 'actor_id', 'detail', 'before', 'after'])
          .where('entity', '=', 'user')
          .where('entity_id', '=', String(person.id))
          .orderBy('id')
          .execute(),
      );
    const before = (await trail()).length;
    expect((await put(person.token, { language: 'es' })).status).toBe(200);
    expect((await put(person.token, { language: 'es' })).status).toBe(200);
    const rows = (await trail()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      action: 'update',
      entity: 'user',
      actor_id: person.id,
      detail: { own: true, language: 'es' },
      before: { language: null },
      after: { language: 'es' },
    });
    expect((await put(person.token, { language: null })).status).toBe(200);
  });

  it('sends a Spanish user the sign-in code and the reset link in Spanish, an English user in English', async () => {
    const spanish = await t.createUser({ role: 'Customer', customer: 'Acme', name: 'Lucía' });
    const english = await t.createUser({ role: 'Customer', customer: 'Acme', name: 'Liam' });
    await asSystem(t, (tx) => tx.updateTable('users').set({ language: 'es' }).where('id', '=', spanish.id).execute());

    await signIn(spanish, SPANISH_CODE_SUBJECT);
    const code = t.mailbox.to(spanish.email, SPANISH_CODE_SUBJECT).at(-1)!;
    expect(code.text.trim()).toBe(
      `Hola, Lucía:\n\nSu código de verificación es ${codeIn(code.text)}.\nEs válido durante 10 minutos y se puede usar una sola vez.\n\nSi usted no intentó iniciar sesión, cambie su contraseña.`,
    );
    expect(code.html).toContain('<html lang="es">');
    expect(code.html).toContain('Relevo, escalamiento de incidentes');
    expect(t.mailbox.to(spanish.email, LOGIN_CODE_SUBJECT)).toEqual([]);

    await signIn(english, LOGIN_CODE_SUBJECT);
    const englishCode = t.mailbox.to(english.email, LOGIN_CODE_SUBJECT).at(-1)!;
    expect(englishCode.text.trim()).toBe(
      `Hello Liam,\n\nYour verification code is ${codeIn(englishCode.text)}.\nIt is valid for 10 minutes and can be used once.\n\nIf you did not try to sign in, change your password.`,
    );
    expect(englishCode.html).toContain('<html><body ');
    expect(englishCode.html).toContain('Relevo incident escalation');

    for (const user of [spanish, english]) {
      const answer = await t.raw('POST', '/api/management/password/reset/', { body: { email: user.email } });
      expect(answer.status).toBe(200);
    }
    const link = await t.mailbox.waitFor(spanish.email, 1, 10_000, 'Restablezca su contraseña de Relevo');
    expect(link.text).toContain(
      'Hola, Lucía:\n\nPara elegir una nueva contraseña, abra este enlace:\nhttps://relevo.example.test/reset_password/email/',
    );
    expect(link.text).toContain('El enlace es válido durante 30 minutos y funciona una sola vez.');
    expect(link.html).toContain('<h1 style="font-size:18px">Restablezca su contraseña</h1>');
    const englishLink = await t.mailbox.waitFor(english.email, 1, 10_000, 'Reset your Relevo password');
    expect(englishLink.text).toContain(
      'Hello Liam,\n\nTo choose a new password, open this link:\nhttps://relevo.example.test/reset_password/email/',
    );
    expect(englishLink.text).toContain('The link is valid for 30 minutes and works once.');
  });

  it('writes the handoff notice in its person’s language and the gap warning in each Customer Root’s', async () => {
    const lucia = await t.createUser({
      role: 'CustomerRoot',
      customer: 'Acme',
      email: 'lucia.root@acme.test',
      name: 'Lucía',
    });
    const ana = await t.createUser({ role: 'Customer', customer: 'Acme', email: 'Ana.Torres@acme.test' });
    await asSystem(t, async (tx) => {
      await tx.updateTable('users').set({ language: 'es' }).where('id', 'in', [lucia.id, ana.id]).execute();
      await tx
        .updateTable('customers')
        .set({ customer_time_zone: 'America/New_York' })
        .where('customer_id', '=', acme)
        .execute();
    });
    const [anaResource, benResource] = await asSystem(t, async (tx) => [
      // the resource's e-mail is the Spanish user's, whatever its case
      await insertResource(tx, acme, { name: 'Ana Torres', email: 'ana.torres@acme.test', phone: '7875550101' }),
      await insertResource(tx, acme, { name: 'Ben Ruiz', email: 'ben@acme.test', phone: '7875550102' }),
    ]);
    await asSystem(t, async (tx) => {
      // a daily rotation whose Monday 09:00 shift is Ana's, another whose is Ben's
      await insertSchedule(tx, acme, { name: 'Primary', definition: daily([anaResource, benResource]), handoffs: 'Y' });
      await insertSchedule(tx, acme, {
        name: 'Secondary',
        definition: daily([benResource, anaResource]),
        handoffs: 'Y',
      });
      // office hours only: a gap every night
      await insertSchedule(tx, acme, {
        name: 'Office hours',
        definition: daily([anaResource], [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }]),
      });
    });
    const now = MONDAY_NINE + 30_000;
    t.clock.set(now);
    expect(await new HandoffNotices(t.database, 'https://relevo.example.test').run(new Date(now))).toBe(2);
    expect(await new GapWarnings(t.database).run(new Date(now))).toBeGreaterThan(1);
    await t.settleOutbox();

    const handoff = await t.mailbox.waitFor(
      'ana.torres@acme.test',
      1,
      10_000,
      'Relevo: su turno de guardia en Primary comienza ahora',
    );
    expect(handoff.text).toContain('Hola, Ana Torres:\n\nSu turno de guardia en Primary comenzó el 5 ene 2026, 9:00.');
    const english = await t.mailbox.waitFor(
      'ben@acme.test',
      1,
      10_000,
      'Relevo: your on-call shift on Secondary starts now',
    );
    expect(english.text).toContain(
      'Hello Ben Ruiz,\n\nYour on-call shift on Secondary started 2026-01-05 09:00 (-05:00).',
    );

    const warning = await t.mailbox.waitFor(
      lucia.email,
      1,
      10_000,
      'Relevo: 1 calendario no tiene a nadie de guardia en los próximos 14 días',
    );
    expect(warning.text).toContain(
      '- Office hours: nadie de guardia desde el 5 ene 2026, 17:00 hasta el 6 ene 2026, 9:00 (America/New_York)',
    );
    const root = people.get('CustomerRoot')!;
    const englishWarning = await t.mailbox.waitFor(
      root.email,
      1,
      10_000,
      'Relevo: 1 schedule has nobody on call in the next 14 days',
    );
    expect(englishWarning.text).toContain(
      '- Office hours: nobody from 2026-01-05 17:00 (-05:00) to 2026-01-06 09:00 (-05:00) (America/New_York)',
    );
  });
});
