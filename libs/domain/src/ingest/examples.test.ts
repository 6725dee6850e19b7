import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_LANGUAGES, INGEST_PATH, ingestExamples } from './examples';

const run = promisify(execFile);
const KEY = '0123456789abcdef0123456789abcdef';

interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

describe('ingest API examples (docs/product.md#modules, docs/product.md#incidents-in)', () => {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: JSON.parse(text),
      });
      response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ case_id: 'ABC123', event_id: 1 }));
    });
  });
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const expected = (moduleId: number): Received => ({
    method: 'POST',
    url: INGEST_PATH,
    authorization: `Basic ${Buffer.from(`${moduleId}:${KEY}`).toString('base64')}`,
    contentType: 'application/json',
    body: {
      incident: 'Disk almost full on db-1',
      description: 'The data disk of db-1 is 95% full and still growing.',
      dedup_key: 'db-1-disk',
    },
  });

  it('has every language of the modal, each naming the module and the URL', () => {
    const examples = ingestExamples(42, 'https://relevo.example.com/');
    expect(Object.keys(examples)).toEqual([...EXAMPLE_LANGUAGES]);
    const { 'Events API v2': eventsV2, ...ingest } = examples;
    for (const example of Object.values(ingest)) {
      expect(example.blockProgrammingCode).toContain('https://relevo.example.com/api/v1/incidents');
      expect(example.blockProgrammingCode).toContain('42');
      expect(example.blockBody).toContain('module 42');
    }
    // the PagerDuty-compatible call: the key alone names the module
    expect(eventsV2.blockProgrammingCode).toContain('https://relevo.example.com/v2/enqueue');
    expect(eventsV2.blockProgrammingCode).toContain('"routing_key":"\'"$RELEVO_KEY"\'"');
    expect(eventsV2.blockBody).toContain("module 42's credential key");
  });

  it('the curl example sends the incident with the module ID and key', async () => {
    received.length = 0;
    const { stdout } = await run('bash', ['-c', ingestExamples(7, baseUrl).curl.blockProgrammingCode], {
      env: { ...process.env, RELEVO_KEY: KEY },
    });
    expect(JSON.parse(stdout)).toEqual({ case_id: 'ABC123', event_id: 1 });
    expect(received).toEqual([expected(7)]);
  });

  it('the JavaScript example sends the same request', async () => {
    received.length = 0;
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', ingestExamples(8, baseUrl).JavaScript.blockProgrammingCode],
      { env: { ...process.env, RELEVO_KEY: KEY } },
    );
    expect(stdout).toContain('ABC123');
    expect(received).toEqual([expected(8)]);
  });
});
