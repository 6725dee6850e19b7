import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listEvents } from '@relevo/api';
import { EVENT_MESSAGES, type ContactLanguage } from '@relevo/domain';
import { EngineWorker } from '../src/engine/worker';
import { Housekeeping } from '../src/jobs/housekeeping';
import { insertRunnableModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type SignedIn, type TestApp } from './support/harness';
import { withCredentialKey } from './support/keyed-module';
import { speech } from '../src/delivery/speech';
import { audioPath, eventAudioRow } from '../src/delivery/queries';

const DAY = 24 * 60 * 60 * 1000;
const PHONE = '+17875550142';
/** tight enough to reach in a test; every case starts a fresh window (the clock moves a minute) */
const AUDIO_LIMIT = { limit: 50, windowSeconds: 60 };

interface Wav {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  seconds: number;
  /** the root mean square of the samples, 0..1: silence is near 0 */
  loudness: number;
}

/** Reads a WAV file's RIFF chunks as a player would: the header, the fmt chunk, the data chunk. */
function parseWav(file: Buffer): Wav {
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.readUInt32LE(4)).toBe(file.length - 8);
  expect(file.toString('ascii', 8, 12)).toBe('WAVE');
  let fmt: Omit<Wav, 'seconds' | 'loudness'> | null = null;
  let data: Buffer | null = null;
  for (let at = 12; at + 8 <= file.length;) {
    const id = file.toString('ascii', at, at + 4);
    const size = file.readUInt32LE(at + 4);
    const body = file.subarray(at + 8, at + 8 + size);
    expect(body.length).toBe(size);
    if (id === 'fmt ')
      fmt = {
        format: body.readUInt16LE(0),
        channels: body.readUInt16LE(2),
        sampleRate: body.readUInt32LE(4),
        bitsPerSample: body.readUInt16LE(14),
      };
    if (id === 'data') data = body;
    at += 8 + size + (size % 2);
  }
  if (!fmt || !data) throw new Error('no fmt or no data chunk');
  const frame = (fmt.channels * fmt.bitsPerSample) / 8;
  let sum = 0;
  for (let i = 0; i + 1 < data.length; i += 2) sum += (data.readInt16LE(i) / 32768) ** 2;
  return { ...fmt, seconds: data.length / frame / fmt.sampleRate, loudness: Math.sqrt(sum / (data.length / 2)) };
}

describe.each(DATABASE_KINDS)('the spoken audio of voice calls on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let module: RunnableModule & { key: string };
  let reader: SignedIn;
  let readerEmail: string;
  let readerPassword: string;
  let otherCustomer: number;
  let acme: number;

  const report = async (incident: string) => {
    const answer = await t.raw<{ case_id: string; event_id: number }>('POST', '/api/v1/incidents', {
      body: { incident, description: 'Seen by the monitoring system.' },
      headers: { authorization: `Basic ${Buffer.from(`${module.id}:${module.key}`).toString('base64')}` },
    });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const speakIn = (language: ContactLanguage) =>
    asSystem(t, (tx) =>
      tx.updateTable('resources').set({ language_id: language }).where('resource_id', '=', module.resourceId).execute(),
    );
  /** The first voice call of an event, as the gateway received it. */
  const callOf = async (caseId: string) => {
    await engine.drain();
    await t.settleOutbox();
    const call = t.sms.messages.find((message) => message.kind === 'voice' && message.body.includes(caseId));
    if (!call) throw new Error(`no voice call for ${caseId}`);
    return call;
  };
  const rowsOf = (eventId: number) =>
    asSystem(t, (tx) =>
      tx.selectFrom('event_audio').selectAll().where('event_id', '=', eventId).orderBy('event_audio_id').execute(),
    );
  /** GET without any credential, as a voice gateway fetches it. */
  const fetchAudio = async (path: string) => {
    const response = await fetch(`${t.baseUrl}${path}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      cookies: response.headers.getSetCookie(),
      body: Buffer.from(await response.arrayBuffer()),
    };
  };
  const pathOf = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    t = await startTestApp({ kind, limits: { audioPerAddress: AUDIO_LIMIT } });
    acme = await t.createCustomer('Acme');
    otherCustomer = await t.createCustomer('Other');
    const made = await asSystem(t, (tx) => insertRunnableModule(tx, acme));
    const rootUser = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    const root = await t.signIn(rootUser.email, rootUser.password);
    const readerUser = await t.createUser({ role: 'Customer', customer: 'Acme' });
    reader = await t.signIn(readerUser.email, readerUser.password);
    readerEmail = readerUser.email;
    readerPassword = readerUser.password;
    module = await withCredentialKey(root.client, made);
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'audio-test',
      scale: 1,
    });
  });
  // each case calls the same person: a minute apart, no call waits for the previous one's minute (throttling)
  // (and what that minute let go, a recall held back, has gone out: a new call does not join it)
  beforeEach(async () => {
    t.clock.advance(61_000);
    await t.settleOutbox();
  });
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  it('calls a Spanish-speaking resource with an audio address that answers a Spanish WAV without signing in', async () => {
    await speakIn('ES');
    const { event_id, case_id } = await report('Base de datos caída en db-1');
    const call = await callOf(case_id);
    expect(call.audio_url).toMatch(new RegExp(`^${t.ctx.config.publicUrl}/api/v1/audio/[A-Za-z0-9_-]{22}\\.wav$`));

    // the call went out with the address at once; the sound is made when the gateway fetches it
    const [row] = await rowsOf(event_id);
    expect(row).toMatchObject({
      customer_id: acme,
      language: 'ES',
      mime: 'audio/wav',
      idempotency_key: call.idempotency_key,
    });
    expect(row!.text).toBe(
      `Incidente de Relevo, caso ${[...case_id].join(', ')}. Base de datos caída en db-1. Presione 4 para aceptar, 6 para resolver.`,
    );
    expect(row!.content).toBeNull();
    expect(call.audio_url!.endsWith(`/${row!.token}.wav`)).toBe(true);

    const audio = await fetchAudio(pathOf(call.audio_url!));
    expect({ status: audio.status, type: audio.type, cookies: audio.cookies }).toEqual({
      status: 200,
      type: 'audio/wav',
      cookies: [],
    });
    const wav = parseWav(audio.body);
    expect(wav).toMatchObject({ format: 1, channels: 1, sampleRate: 8000, bitsPerSample: 16 });
    expect(wav.seconds).toBeGreaterThan(4);
    expect(wav.seconds).toBeLessThan(30);
    // speech, not silence
    expect(wav.loudness).toBeGreaterThan(0.02);
    // made once and kept: the stored bytes are the ones served, again on the next fetch
    const [stored] = await rowsOf(event_id);
    expect(audio.body.equals(Buffer.from(stored!.content!))).toBe(true);
    expect((await fetchAudio(pathOf(call.audio_url!))).body.equals(audio.body)).toBe(true);
  });

  it('speaks English to an English-speaking resource, and the events list links the latest audio', async () => {
    await speakIn('EN');
    const { event_id, case_id } = await report('Disk almost full on db-1');
    const call = await callOf(case_id);
    const [row] = await rowsOf(event_id);
    expect(row).toMatchObject({
      language: 'EN',
      text: `Relevo incident, case ${[...case_id].join(', ')}. Disk almost full on db-1. Press 4 to accept, 6 to resolve.`,
    });
    const audio = await fetchAudio(pathOf(call.audio_url!));
    expect(audio.status).toBe(200);
    const wav = parseWav(audio.body);
    expect(wav.seconds).toBeGreaterThan(4);
    expect(wav.seconds).toBeLessThan(30);
    expect(wav.loudness).toBeGreaterThan(0.02);

    // a recall 5 minutes later is a second call with its own audio; the event links the latest
    t.clock.advance(5 * 60_000);
    await engine.drain();
    await t.settleOutbox();
    const rows = await rowsOf(event_id);
    expect(rows.map((r) => r.text.split(':')[0])).toEqual([expect.stringMatching(/^Relevo incident/), 'Reminder']);
    expect(rows[1]!.token).not.toBe(rows[0]!.token);
    const events = await reader.client.call(listEvents, { query: { search: case_id } });
    expect(events.list.map((event) => event.audio)).toEqual([`/api/v1/audio/${rows[1]!.token}.wav`]);
  });

  it('answers 404 for an address it never made, and shows no audio row to another customer', async () => {
    for (const path of [
      `/api/v1/audio/${'A'.repeat(22)}.wav`,
      '/api/v1/audio/not-a-token',
      `/api/v1/audio/${'A'.repeat(22)}`,
    ]) {
      const answer = await t.raw('GET', path);
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 404,
        body: { detail: EVENT_MESSAGES.audioNotFound },
      });
    }
    const seen = (customerId: number) =>
      t.database.scoped({ kind: 'customer', customerId }, (tx) =>
        tx.selectFrom('event_audio').select('token').execute(),
      );
    expect((await seen(acme)).length).toBeGreaterThan(0);
    expect(await seen(otherCustomer)).toEqual([]);
  });

  it('makes the sound when the address is fetched if it was never stored (a crash before the send)', async () => {
    await speakIn('ES');
    const { event_id, case_id } = await report('Cola de pagos detenida');
    const call = await callOf(case_id);
    await asSystem(t, (tx) =>
      tx.updateTable('event_audio').set({ content: null }).where('event_id', '=', event_id).execute(),
    );
    const audio = await fetchAudio(pathOf(call.audio_url!));
    expect(audio.status).toBe(200);
    expect(parseWav(audio.body).seconds).toBeGreaterThan(4);
    const [row] = await rowsOf(event_id);
    expect(Buffer.from(row!.content!).equals(audio.body)).toBe(true);
  });

  it('answers 404 once 7 days passed since the event, and housekeeping deletes the audio', async () => {
    await speakIn('EN');
    const created = t.clock.now().getTime();
    const { event_id, case_id } = await report('Certificate expires soon');
    const call = await callOf(case_id);
    const path = pathOf(call.audio_url!);

    t.clock.set(created + 7 * DAY - 60_000);
    expect((await fetchAudio(path)).status).toBe(200);
    const housekeeping = new Housekeeping(t.database, t.clock, t.ctx.log);
    await housekeeping.runOnce();
    expect(await rowsOf(event_id)).toHaveLength(1);

    t.clock.set(created + 7 * DAY);
    const expired = await t.raw('GET', path);
    expect({ status: expired.status, body: expired.body }).toEqual({
      status: 404,
      body: { detail: EVENT_MESSAGES.audioNotFound },
    });
    // a week later the reader's session has ended: a new one
    const fresh = await t.signIn(readerEmail, readerPassword);
    expect((await fresh.client.call(listEvents, { query: { search: case_id } })).list[0]!.audio).toBeNull();

    await housekeeping.runOnce();
    expect(await rowsOf(event_id)).toEqual([]);
    // every audio of events created 7 days ago or more is gone; the address still answers 404
    expect(await asSystem(t, (tx) => tx.selectFrom('event_audio').select('event_audio_id').execute())).toEqual([]);
    expect((await fetchAudio(path)).status).toBe(404);
  });

  it('makes one sound for 40 first fetches of an audio at once, and serves all 40 the same bytes', async () => {
    // the row a voice call leaves (its sound not made yet), written here so no throttled call decides the case
    const { event_id } = await report('Checkout queue stalled');
    const audio = eventAudioRow(
      {
        customerId: acme,
        eventId: event_id,
        idempotencyKey: `audio-test-${kind}-40`,
        language: 'EN',
        text: 'Relevo incident. Checkout queue stalled. Press 4 to accept, 6 to resolve.',
        eventCreatedAt: t.clock.now(),
      },
      t.clock.now(),
    );
    await asSystem(t, (tx) => tx.insertInto('event_audio').values(audio).execute());
    const before = speech.spoken;
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetchAudio(audioPath(audio.token))));
    expect(speech.spoken - before).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    const [row] = (await rowsOf(event_id)).filter((stored) => stored.token === audio.token);
    expect(answers.every((answer) => answer.body.equals(Buffer.from(row!.content!)))).toBe(true);
    expect(parseWav(answers[0]!.body).seconds).toBeGreaterThan(4);
  });

  it('refuses an address past its limit with 429 and Retry-After, before any lookup, until its window ends', async () => {
    const path = `/api/v1/audio/${'B'.repeat(22)}.wav`;
    for (let i = 0; i < AUDIO_LIMIT.limit; i++) expect((await fetchAudio(path)).status).toBe(404);
    t.clock.advance(20_000);
    const refused = await t.raw('GET', path);
    expect({ status: refused.status, body: refused.body, retryAfter: refused.headers.get('retry-after') }).toEqual({
      status: 429,
      body: { detail: EVENT_MESSAGES.audioTooMany },
      retryAfter: '40',
    });
    t.clock.advance(40_000);
    expect((await t.raw('GET', path)).status).toBe(404);
  });
});
