import { Writable } from 'node:stream';

/** A log sink for `startTestApp({ logSink })` that keeps every line written, to search them for secrets. */
export function logLines(): { sink: Writable; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { sink, lines };
}
