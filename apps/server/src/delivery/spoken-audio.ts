import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/database';
import { audioByToken, audioOfContact, audioPath, storeAudioContent } from '../db/event-audio';
import { downsample, speech, TELEPHONE_RATE, wavFile, type SpeechSynthesizer } from './speech';

/** The spoken audio of voice calls (issue 13): made by the outbox's voice sender, fetched by its address. */
export interface SpokenAudio {
  /**
   * The address of a voice contact's audio, its sound made and stored first so that the gateway
   * can fetch it at once; null when the contact has no audio (or it expired).
   */
  urlOf(idempotencyKey: string): Promise<string | null>;
  /** The sound at an address (made now if it is missing, after a crash); null when unknown or expired. */
  file(token: string): Promise<{ mime: string; content: Buffer } | null>;
}

export interface SpokenAudioOptions {
  database: Database;
  clock: Clock;
  log: Logger;
  /** PUBLIC_URL: the gateway fetches the audio from outside */
  publicUrl: string;
  synthesizer?: SpeechSynthesizer;
}

export function spokenAudio(options: SpokenAudioOptions): SpokenAudio {
  const { database, clock, log } = options;
  const synthesizer = options.synthesizer ?? speech;
  // every customer's audio: the worker and the public address act for no customer session
  const staff = <T>(work: (tx: Tx) => Promise<T>) => database.scoped({ kind: 'staff' }, work);

  /** Makes the sound outside any transaction (it takes a while), then stores it. */
  async function make(audio: { id: number; text: string; language: 'ES' | 'EN' }): Promise<Buffer> {
    const content = wavFile(await downsample(await synthesizer.speak(audio.text, audio.language), TELEPHONE_RATE));
    await staff((tx) => storeAudioContent(tx, audio.id, content));
    return content;
  }

  return {
    async urlOf(idempotencyKey) {
      const audio = await staff((tx) => audioOfContact(tx, idempotencyKey, clock.now()));
      if (!audio) return null;
      if (!audio.hasContent) {
        try {
          await make(audio);
        } catch (error) {
          // the call goes out all the same: its text is in the message, and the address makes the sound when fetched
          log.warn({ audio: audio.id, error: error instanceof Error ? error.message : String(error) }, 'voice call audio not made before sending');
        }
      }
      return `${options.publicUrl}${audioPath(audio.token)}`;
    },

    async file(token) {
      const audio = await staff((tx) => audioByToken(tx, token, clock.now()));
      if (!audio) return null;
      return { mime: audio.mime, content: audio.content ?? (await make(audio)) };
    },
  };
}
