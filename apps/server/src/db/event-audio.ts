import { randomBytes } from 'node:crypto';
import { EVENT_AUDIO_DAYS, type ContactLanguage } from '@relevo/domain';
import type { Tx } from './database';

const DAY = 24 * 60 * 60 * 1000;

/** The address of an audio, under the server's root (the voice gateway gets it after PUBLIC_URL). */
export const audioPath = (token: string) => `/api/v1/audio/${token}.wav`;

/** The token of an address's last segment, or null when it cannot be one. */
export function audioTokenOf(segment: string): string | null {
  return /^([A-Za-z0-9_-]{22})\.wav$/.exec(segment)?.[1] ?? null;
}

export interface NewEventAudio {
  customerId: number;
  eventId: number;
  /** the contact's idempotency key: the same contact written again (after a crash) keeps its first row */
  idempotencyKey: string;
  language: ContactLanguage;
  text: string;
  /** when the event was created: the audio expires EVENT_AUDIO_DAYS later */
  eventCreatedAt: Date;
}

/** The row of a voice contact's audio, text only (the sender makes the sound); insert it with `on conflict (idempotency_key) do nothing`. */
export function eventAudioRow(audio: NewEventAudio, now: Date) {
  return {
    customer_id: audio.customerId,
    event_id: audio.eventId,
    idempotency_key: audio.idempotencyKey,
    // 128 random bits: the address is the credential
    token: randomBytes(16).toString('base64url'),
    language: audio.language,
    text: audio.text,
    created_at: now,
    expires_at: new Date(audio.eventCreatedAt.getTime() + EVENT_AUDIO_DAYS * DAY),
  };
}

export interface StoredAudio {
  id: number;
  token: string;
  language: ContactLanguage;
  text: string;
  mime: string;
  content: Buffer | null;
}

const asBuffer = (bytes: Uint8Array | null) => (bytes === null ? null : Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** The address token of a contact's audio, unless it expired (a statement for `Database.read`). */
export function audioTokenOfContact(db: Tx, idempotencyKey: string, now: Date) {
  return db.selectFrom('event_audio').select('token').where('idempotency_key', '=', idempotencyKey).where('expires_at', '>', now);
}

/** The audio at an address, unless it expired. */
export async function audioByToken(db: Tx, token: string, now: Date): Promise<StoredAudio | null> {
  const row = await db
    .selectFrom('event_audio')
    .select(['event_audio_id as id', 'token', 'language', 'text', 'mime', 'content'])
    .where('token', '=', token)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { ...row, content: asBuffer(row.content) } : null;
}

/** Keeps the sound made for an audio (the first one made, when two were made at once). */
export async function storeAudioContent(db: Tx, id: number, content: Buffer): Promise<void> {
  await db.updateTable('event_audio').set({ content }).where('event_audio_id', '=', id).where('content', 'is', null).execute();
}

/** Deletes the audio of events created EVENT_AUDIO_DAYS ago or more; answers how many. */
export async function deleteExpiredAudio(db: Tx, now: Date): Promise<number> {
  const result = await db.deleteFrom('event_audio').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
