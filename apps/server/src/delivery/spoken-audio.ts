import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/database';
import { audioByToken, audioPath, audioTokenOfContact, storeAudioContent } from './queries';
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

  /** The sound at an address: stored, or made now and stored. */
  async function load(token: string): Promise<{ mime: string; content: Buffer } | null> {
    const audio = await staff((tx) => audioByToken(tx, token, clock.now()));
    if (!audio) return null;
    try {
      return { mime: audio.mime, content: audio.content ?? (await make(audio)) };
    } catch (error) {
      log.warn(
        { audio: audio.id, error: error instanceof Error ? error.message : String(error) },
        'voice call audio could not be made',
      );
      throw error;
    }
  }

  /**
   * The fetches under way, by token: a fetch that arrives while another of the same address is
   * under way waits for its answer (a gateway retrying, a player and a gateway, a flood of one
   * address) instead of starting another synthesis. The lookup is shared too: a fetch that read
   * the row before the sound was stored would otherwise make it a second time. A later fetch reads
   * the stored sound. This holds within the process; two processes may each make the sound once,
   * and the first one stored is kept (storeAudioContent writes only an empty row).
   */
  const underWay = new Map<string, Promise<{ mime: string; content: Buffer } | null>>();

  return {
    async urlOf(idempotencyKey) {
      // one round trip: the voice sender asks before each call
      const [[audio]] = await database.read({ kind: 'staff' }, [
        audioTokenOfContact(database.db, idempotencyKey, clock.now()),
      ]);
      return audio ? `${options.publicUrl}${audioPath(audio.token)}` : null;
    },

    file(token) {
      let answer = underWay.get(token);
      if (!answer) {
        answer = load(token).finally(() => underWay.delete(token));
        underWay.set(token, answer);
      }
      return answer;
    },
  };
}
