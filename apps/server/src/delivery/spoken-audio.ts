import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/database';
import { audioByToken, audioPath, audioTokenOfContact, storeAudioContent } from '../db/event-audio';
import { downsample, speech, TELEPHONE_RATE, wavFile, type SpeechSynthesizer } from './speech';

/** The spoken audio of voice calls: its address goes with the call; the sound is made when first fetched. */
export interface SpokenAudio {
  /**
   * The address of a voice contact's audio; null when the contact has no audio (or it expired).
   * The sound is made when the address is first fetched (about 0.3 s), not before the call is
   * handed to the gateway: a storm of calls is not held up behind the synthesizer.
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

  /**
   * The sounds being made, by audio: fetches of an audio that arrive while its sound is made wait
   * for that one synthesis (a gateway retrying, a player and a gateway, or a flood of one address)
   * instead of each starting another. This holds within the process; two processes may each make
   * the sound once, and the first one stored is kept (storeAudioContent writes only an empty row).
   */
  const making = new Map<number, Promise<Buffer>>();
  function madeOnce(audio: { id: number; text: string; language: 'ES' | 'EN' }): Promise<Buffer> {
    let sound = making.get(audio.id);
    if (!sound) {
      sound = make(audio).finally(() => making.delete(audio.id));
      making.set(audio.id, sound);
    }
    return sound;
  }

  return {
    async urlOf(idempotencyKey) {
      // one round trip: the voice sender asks before each call
      const [[audio]] = await database.read({ kind: 'staff' }, [audioTokenOfContact(database.db, idempotencyKey, clock.now())]);
      return audio ? `${options.publicUrl}${audioPath(audio.token)}` : null;
    },

    async file(token) {
      const audio = await staff((tx) => audioByToken(tx, token, clock.now()));
      if (!audio) return null;
      try {
        return { mime: audio.mime, content: audio.content ?? (await madeOnce(audio)) };
      } catch (error) {
        log.warn({ audio: audio.id, error: error instanceof Error ? error.message : String(error) }, 'voice call audio could not be made');
        throw error;
      }
    },
  };
}
