import { Worker } from 'node:worker_threads';
import type { ContactLanguage } from '@relevo/domain';

/**
 * The speech synthesizer of voice calls (issue 13): eSpeak NG compiled to WebAssembly
 * (@echogarden/espeak-ng-emscripten, GPL-3.0), with its voice data in the package, so it needs no
 * system package, no network and no vendor. It runs in a worker thread: one message takes a few
 * hundred milliseconds of CPU, which must not stall the requests and jobs of the event loop.
 * Messages are spoken one after another; a worker that fails or hangs is replaced.
 */

/** What the synthesizer makes: 16-bit mono PCM. */
export interface Speech {
  sampleRate: number;
  samples: Int16Array;
}

/** eSpeak NG's voice for each language a call speaks (the demo's resources are in Puerto Rico: Latin American Spanish). */
export const VOICES: Record<ContactLanguage, string> = { EN: 'en-us', ES: 'es-419' };

/** Words per minute: a little slower than eSpeak's 175, for a phone line. */
const RATE = 150;
/** The longest audio made, whatever the text (the synthesizer stops there). */
const MAX_SECONDS = 120;
/** No answer this long while messages wait means a stuck worker: it is ended and the next message starts a new one. */
const STUCK_MS = 30_000;

/**
 * The worker's code (a string: the server is bundled into one file, and the worker needs none of
 * it). eSpeak NG reads its text as SSML, so the caller escapes the markup characters.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = import(workerData.module).then((m) => m.default()).then((m) => {
  const engine = new m.eSpeakNGWorker();
  engine.set_rate(workerData.rate);
  return engine;
});
parentPort.on('message', async ({ id, voice, text }) => {
  try {
    const engine = await ready;
    engine.set_voice(voice);
    const rate = engine.samplerate;
    const limit = rate * workerData.maxSeconds;
    const chunks = [];
    let length = 0;
    // answering true stops the synthesis
    engine.synthesize(text, (samples) => {
      if (samples) { chunks.push(samples); length += samples.length; }
      return length >= limit;
    });
    const samples = new Int16Array(Math.min(length, limit));
    let at = 0;
    for (const chunk of chunks) {
      const part = chunk.subarray(0, samples.length - at);
      samples.set(part, at);
      at += part.length;
    }
    parentPort.postMessage({ id, sampleRate: rate, samples }, [samples.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});`;

interface Pending {
  resolve(speech: Speech): void;
  reject(error: Error): void;
}

type Answer = { id: number; sampleRate: number; samples: Int16Array } | { id: number; error: string };

/** Text as eSpeak NG's SSML reader takes it: the incident's own `<`, `>` and `&` are spoken, never markup. */
export function ssmlText(text: string): string {
  return text.replace(/[&<>]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[ch]!);
}

export class SpeechSynthesizer {
  #worker: Worker | null = null;
  #pending = new Map<number, Pending>();
  #next = 0;
  /** runs while messages wait; every answer starts it again */
  #watchdog: NodeJS.Timeout | null = null;

  /** How many texts this synthesizer was asked to speak since the process started (tests count syntheses with it). */
  get spoken(): number {
    return this.#next;
  }

  /** Speaks a text in a language's voice. */
  speak(text: string, language: ContactLanguage): Promise<Speech> {
    const worker = this.#worker ?? this.#start();
    const id = ++this.#next;
    worker.ref();
    if (this.#pending.size === 0) this.#watch(worker);
    return new Promise<Speech>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, voice: VOICES[language], text: ssmlText(text) });
    });
  }

  /** Ends the worker thread (a message under way fails). */
  async close(): Promise<void> {
    const worker = this.#worker;
    if (worker) this.#fail(worker, new Error('the speech synthesizer was closed'));
    await worker?.terminate();
  }

  #start(): Worker {
    const module = import.meta.resolve('@echogarden/espeak-ng-emscripten');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { module, rate: RATE, maxSeconds: MAX_SECONDS },
    });
    // an idle synthesizer keeps no process alive
    worker.unref();
    worker.on('message', (answer: Answer) => this.#settle(worker, answer));
    worker.on('error', (error) => this.#fail(worker, error));
    worker.on('exit', (code) => this.#fail(worker, new Error(`the speech synthesizer stopped (exit code ${code})`)));
    this.#worker = worker;
    return worker;
  }

  #settle(worker: Worker, answer: Answer): void {
    const pending = this.#pending.get(answer.id);
    if (!pending) return;
    this.#pending.delete(answer.id);
    if (this.#pending.size === 0) {
      this.#unwatch();
      worker.unref();
    } else this.#watch(worker);
    if ('error' in answer) pending.reject(new Error(`speech synthesis failed: ${answer.error}`));
    else pending.resolve({ sampleRate: answer.sampleRate, samples: answer.samples });
  }

  #watch(worker: Worker): void {
    this.#unwatch();
    this.#watchdog = setTimeout(
      () => this.#fail(worker, new Error(`the speech synthesizer answered nothing for ${STUCK_MS} ms`)),
      STUCK_MS,
    );
  }

  #unwatch(): void {
    if (this.#watchdog) clearTimeout(this.#watchdog);
    this.#watchdog = null;
  }

  /** The worker is given up: every message waiting on it fails, and the next one starts a new worker. */
  #fail(worker: Worker, error: Error): void {
    if (this.#worker !== worker) return;
    this.#worker = null;
    this.#unwatch();
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    void worker.terminate();
  }
}

/** The process's one synthesizer (a worker thread started at the first call). */
export const speech = new SpeechSynthesizer();

/** Telephone sound (G.711 narrowband): what the callee hears, and under half the bytes of eSpeak's 22,050 Hz. */
export const TELEPHONE_RATE = 8000;

/** Zero crossings of the low-pass filter on each side of a sample. */
const FILTER_ZEROS = 8;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Resamples to a lower rate: each new sample is the old ones around its time, weighed by a low-pass
 * filter below the new rate's half (a Blackman-windowed sinc), so nothing above what the new rate
 * can hold folds back into the speech as a hiss. The new samples fall on `rate / gcd` phases
 * between old ones (160 from 22,050 to 8,000 Hz): one set of weights per phase, made first. It
 * works a second of sound at a time, letting the event loop run between (a message is ~10 s).
 */
export async function downsample({ sampleRate, samples }: Speech, rate: number): Promise<Speech> {
  if (rate >= sampleRate) return { sampleRate, samples };
  const common = gcd(sampleRate, rate);
  const phases = rate / common;
  const stride = sampleRate / common;
  // in cycles per old sample, a little below the new half rate
  const cutoff = (0.95 * 0.5 * rate) / sampleRate;
  const half = Math.ceil(FILTER_ZEROS / (2 * cutoff));
  const taps = 2 * half;
  const weights = new Float64Array(phases * taps);
  for (let phase = 0; phase < phases; phase++) {
    let total = 0;
    for (let j = 0; j < taps; j++) {
      // the distance from the new sample to the old one at offset j - half + 1 from its left neighbour
      const x = phase / phases - (j - half + 1);
      const sinc = x === 0 ? 1 : Math.sin(2 * Math.PI * cutoff * x) / (2 * Math.PI * cutoff * x);
      const window = 0.42 + 0.5 * Math.cos((Math.PI * x) / half) + 0.08 * Math.cos((2 * Math.PI * x) / half);
      weights[phase * taps + j] = sinc * window;
      total += sinc * window;
    }
    // a steady level stays the same level
    for (let j = 0; j < taps; j++) weights[phase * taps + j]! /= total;
  }
  const out = new Int16Array(Math.floor(((samples.length - 1) * phases) / stride) + 1);
  for (let n = 0; n < out.length; n++) {
    if (n > 0 && n % rate === 0) await new Promise((resume) => setImmediate(resume));
    const position = n * stride;
    const left = Math.floor(position / phases);
    const row = (position % phases) * taps;
    let sum = 0;
    // beyond the ends counts as silence
    for (let j = Math.max(0, half - 1 - left); j < taps && left - half + 1 + j < samples.length; j++)
      sum += samples[left - half + 1 + j]! * weights[row + j]!;
    out[n] = Math.max(-32768, Math.min(32767, Math.round(sum)));
  }
  return { sampleRate: rate, samples: out };
}

/**
 * A WAV file (RIFF, PCM): the 44-byte header of 16-bit mono samples, then the samples,
 * little-endian as WAV wants them.
 */
export function wavFile({ sampleRate, samples }: Speech): Buffer {
  const data = samples.length * 2;
  const file = Buffer.alloc(44 + data);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + data, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(16, 16); // the size of the fmt chunk
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(1, 22); // mono
  file.writeUInt32LE(sampleRate, 24);
  file.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  file.writeUInt16LE(2, 32); // bytes per sample frame
  file.writeUInt16LE(16, 34); // bits per sample
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i++) file.writeInt16LE(samples[i]!, 44 + i * 2);
  return file;
}
