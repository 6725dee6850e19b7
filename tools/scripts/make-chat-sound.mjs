// Writes apps/web/public/sounds/chat-notification.wav, the User Guide chat's notification (spec
// 2.19): a second of near silence, then a two-note chime that fades out by the fourth second. The
// chat plays it from 1 s in and stops it after 3 s (docs/product.md#constants-and-limits), so the chime fills what is heard.
// Run: node tools/scripts/make-chat-sound.mjs
import { writeFileSync } from 'node:fs';

const RATE = 16_000;
const SECONDS = 4;
const samples = new Int16Array(RATE * SECONDS);

/** A bell-like note: a sine and its octave, struck at `start` seconds and fading over `length`. */
function note(frequency, start, length, loudness) {
  const from = Math.round(start * RATE);
  const to = Math.min(samples.length, Math.round((start + length) * RATE));
  for (let i = from; i < to; i++) {
    const t = (i - from) / RATE;
    const attack = Math.min(1, t / 0.008);
    const decay = Math.exp(-t * 3.2);
    const value =
      (Math.sin(2 * Math.PI * frequency * t) + 0.35 * Math.sin(4 * Math.PI * frequency * t)) *
      attack *
      decay *
      loudness;
    samples[i] = Math.max(-32767, Math.min(32767, samples[i] + value * 32767));
  }
}

note(880, 1.0, 2.2, 0.45);
note(1318.5, 1.18, 2.6, 0.4);
// the last samples fall to silence, so stopping at the end makes no click
for (let i = samples.length - RATE / 20; i < samples.length; i++)
  samples[i] = Math.round(samples[i] * ((samples.length - i) / (RATE / 20)));

const data = Buffer.from(samples.buffer);
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
writeFileSync(
  new URL('../../apps/web/public/sounds/chat-notification.wav', import.meta.url),
  Buffer.concat([header, data]),
);
