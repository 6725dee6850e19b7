import { afterAll, describe, expect, it } from 'vitest';
import { downsample, SpeechSynthesizer, ssmlText, TELEPHONE_RATE, wavFile, type Speech } from '../src/delivery/speech';

const tone = (hz: number, seconds: number, rate = 22050): Speech => ({
  sampleRate: rate,
  samples: Int16Array.from({ length: Math.round(seconds * rate) }, (_, i) =>
    Math.round(10_000 * Math.sin((2 * Math.PI * hz * i) / rate)),
  ),
});
/** The root mean square of the middle of a sound (its ends fade in and out through the filter). */
const loudness = ({ samples }: Speech) => {
  const middle = samples.subarray(Math.floor(samples.length * 0.1), Math.floor(samples.length * 0.9));
  return Math.sqrt(middle.reduce((sum, v) => sum + v * v, 0) / middle.length);
};

describe('telephone sound from the synthesizer', () => {
  it('keeps speech frequencies and the length when it goes down to 8 kHz, and drops what 8 kHz cannot hold', async () => {
    const speech = await downsample(tone(1000, 1), TELEPHONE_RATE);
    expect(speech.sampleRate).toBe(8000);
    expect(speech.samples.length).toBe(8000);
    expect(loudness(speech) / loudness(tone(1000, 1))).toBeCloseTo(1, 1);
    // a 6 kHz whistle would fold back to 2 kHz: it is filtered out instead
    expect(loudness(await downsample(tone(6000, 1), TELEPHONE_RATE))).toBeLessThan(loudness(tone(6000, 1)) / 100);
    // a rate at or above the source's is left as it is
    const same = tone(1000, 0.1);
    expect((await downsample(same, 22050)).samples).toBe(same.samples);
  });

  it('writes a RIFF WAVE file of 16-bit mono PCM', () => {
    const file = wavFile({ sampleRate: 8000, samples: Int16Array.from([0, 1, -1, 32767, -32768]) });
    expect(file.length).toBe(44 + 10);
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(file.readUInt32LE(4)).toBe(file.length - 8);
    expect(file.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect([
      file.readUInt32LE(16),
      file.readUInt16LE(20),
      file.readUInt16LE(22),
      file.readUInt32LE(24),
      file.readUInt32LE(28),
      file.readUInt16LE(32),
      file.readUInt16LE(34),
    ]).toEqual([16, 1, 1, 8000, 16_000, 2, 16]);
    expect(file.toString('ascii', 36, 40)).toBe('data');
    expect(file.readUInt32LE(40)).toBe(10);
    expect([0, 1, 2, 3, 4].map((i) => file.readInt16LE(44 + i * 2))).toEqual([0, 1, -1, 32767, -32768]);
  });

  it('reads markup characters of a text as text', () => {
    expect(ssmlText('Tom & Jerry <break time="20s"/>')).toBe('Tom &amp; Jerry &lt;break time="20s"/&gt;');
  });
});

describe('the speech synthesizer', () => {
  const synthesizer = new SpeechSynthesizer();
  afterAll(() => synthesizer.close());
  const seconds = (speech: Speech) => speech.samples.length / speech.sampleRate;

  it('speaks English and Spanish in a worker thread while the event loop keeps running', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const [english, spanish] = await Promise.all([
      synthesizer.speak('Relevo incident. Press 4 to accept, 6 to resolve.', 'EN'),
      synthesizer.speak('Incidente de Relevo. Presione 4 para aceptar, 6 para resolver.', 'ES'),
    ]);
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(0);
    expect(english.sampleRate).toBe(22050);
    expect(seconds(english)).toBeGreaterThan(2);
    expect(seconds(english)).toBeLessThan(10);
    expect(seconds(spanish)).toBeGreaterThan(2);
    expect(seconds(spanish)).toBeLessThan(10);
    expect(loudness(english)).toBeGreaterThan(300);
  });

  it('does not obey markup in an incident: a break tag is spoken, not a 20-second pause', async () => {
    const speech = await synthesizer.speak('Disk <break time="20s"/> full', 'EN');
    expect(seconds(speech)).toBeLessThan(8);
  });

  it('starts a new worker after the last one ended', async () => {
    await synthesizer.close();
    expect(seconds(await synthesizer.speak('Hello again', 'EN'))).toBeGreaterThan(0.3);
  });
});
