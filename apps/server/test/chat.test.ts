import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generatePrompt } from '@relevo/api';
import { CHAT_MESSAGES, ROLE_NAMES, type ChatAnswer } from '@relevo/domain';
import { DATABASE_KINDS } from './support/databases';
import { failure, startTestApp, type TestApp } from './support/harness';
import { userGuideIndex } from '../src/guide/user-guide';
import { SYSTEM_PROMPT } from '../src/guide/chat-model';

const PATH = '/api/chatbot/generate/prompt';
const SMS_QUESTION = 'how do I reset my password by SMS';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(DATABASE_KINDS)('the User Guide assistant over HTTP on %s', (kind) => {
  let t: TestApp;
  const tokens = new Map<number, string>();

  beforeAll(async () => {
    t = await startTestApp({ kind, limits: { chatPerUser: { limit: 4, windowSeconds: 60 } } });
    await t.createCustomer('Alpha');
    for (const role of [1, 2, 3, 4, 5] as const) {
      const user = await t.createUser({ role: ROLE_NAMES[role], customer: role >= 4 ? 'Alpha' : undefined });
      tokens.set(role, (await t.signIn(user.email, user.password)).token);
    }
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers a customer role with a list whose first item quotes and links the guide section (docs/product.md#http-calls)', async () => {
    const answer = await t
      .client(tokens.get(4))
      .call(generatePrompt, { body: { is_server: false, user_message: SMS_QUESTION } });
    expect(answer).toHaveLength(1);
    expect(answer[0]).toEqual(userGuideIndex().answer(SMS_QUESTION));
    expect(answer[0]!.sources[0]).toEqual({
      title: 'Forgotten password › By SMS (3 steps)',
      href: '/guide#by-sms-3-steps',
    });
    expect(answer[0]!.response).toContain('a 6-digit code is sent to it by SMS');
  });

  it('answers docs/product.md#messages refusal to a question the guide does not cover', async () => {
    const answer = await t
      .client(tokens.get(5))
      .call(generatePrompt, { body: { is_server: false, user_message: 'What is the capital of France?' } });
    expect(answer).toEqual([{ response: 'Sorry, I am unable to assist you with this request.', sources: [] }]);
  });

  it('refuses the staff roles (docs/product.md#roles-and-permissions: user_guide is for CustomerRoot and Customer) and a caller without a session', async () => {
    for (const role of [1, 2, 3]) {
      const answer = await t.raw('POST', PATH, {
        headers: bearer(tokens.get(role)!),
        body: { is_server: false, user_message: SMS_QUESTION },
      });
      expect({ role, status: answer.status, body: answer.body }).toEqual({
        role,
        status: 403,
        body: { detail: 'You do not have permission to do this' },
      });
    }
    const anonymous = await t.raw('POST', PATH, { body: { is_server: false, user_message: SMS_QUESTION } });
    expect(anonymous.status).toBe(401);
  });

  it('refuses bad bodies with 422 and the field and message of each problem', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Alpha' });
    const token = (await t.signIn(user.email, user.password)).token;
    const send = (body: unknown) => t.raw('POST', PATH, { headers: bearer(token), body });
    expect(await send({ is_server: false, user_message: '   ' })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'user_message'], msg: "Your message box Can't be empty" }] },
    });
    expect(await send({ is_server: false })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'user_message'], msg: CHAT_MESSAGES.emptyMessage }] },
    });
    expect(await send({ is_server: false, user_message: 'x'.repeat(501) })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'user_message'], msg: 'Your message cannot exceed 500 characters' }] },
    });
    expect(await send({ user_message: SMS_QUESTION })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'is_server'], msg: 'is_server must be true or false' }] },
    });
    expect(await send({ is_server: 'no', user_message: 7 })).toMatchObject({
      status: 422,
      body: { detail: expect.arrayContaining([{ loc: ['body', 'user_message'], msg: CHAT_MESSAGES.emptyMessage }]) },
    });
    expect(await send([SMS_QUESTION])).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body'], msg: 'The body must be a JSON object' }] },
    });
    expect((await t.raw('POST', PATH, { headers: bearer(token), rawBody: '{"user_message":' })).status).toBe(400);
    // refused bodies are not questions: the user still has every question of the window
    for (let i = 0; i < 4; i++) expect((await send({ is_server: false, user_message: SMS_QUESTION })).status).toBe(200);
  });

  it('limits each user to its questions per window with 429 and Retry-After, without touching another user', async () => {
    const user = await t.createUser({ role: 'CustomerRoot', customer: 'Alpha' });
    const client = (await t.signIn(user.email, user.password)).client;
    const ask = () => client.call(generatePrompt, { body: { is_server: false, user_message: SMS_QUESTION } });
    for (let i = 0; i < 4; i++) expect((await ask())[0]!.sources.length).toBeGreaterThan(0);
    const refused = await failure(ask());
    expect(refused.status).toBe(429);
    const again = await t.raw('POST', PATH, {
      headers: bearer((await t.signIn(user.email, user.password)).token),
      body: { is_server: false, user_message: SMS_QUESTION },
    });
    expect(again.status).toBe(429);
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(again.body).toEqual({ detail: 'Too many questions. Please wait a moment and ask again.' });
    // another user of the same customer still asks
    const other = await t.raw('POST', PATH, {
      headers: bearer(tokens.get(5)!),
      body: { is_server: false, user_message: SMS_QUESTION },
    });
    expect(other.status).toBe(200);
    // the window passes: the user asks again
    t.clock.advance(61_000);
    expect((await ask())[0]!.response).toContain('/guide#by-sms-3-steps');
  });
});

/** An OpenAI-compatible chat-completions endpoint, on this machine, that records each request. */
class FakeChatModel {
  readonly requests: {
    headers: IncomingMessage['headers'];
    body: { model: string; temperature: number; messages: { role: string; content: string }[] };
  }[] = [];
  /** what the next requests get */
  behaviour: { kind: 'answer'; text: string } | { kind: 'slow'; ms: number } | { kind: 'fail'; status: number } = {
    kind: 'answer',
    text: 'ok',
  };
  #server: Server | null = null;
  #pending = new Set<ServerResponse>();

  async start(): Promise<string> {
    this.#server = createServer((request, response) => {
      let text = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        this.requests.push({ headers: request.headers, body: JSON.parse(text) });
        const behaviour = this.behaviour;
        const answer = (content: string) => {
          if (response.destroyed) return;
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              id: 'chatcmpl-1',
              object: 'chat.completion',
              choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            }),
          );
        };
        if (behaviour.kind === 'answer') answer(behaviour.text);
        else if (behaviour.kind === 'fail')
          response
            .writeHead(behaviour.status, { 'content-type': 'application/json' })
            .end('{"error":{"message":"overloaded"}}');
        else {
          this.#pending.add(response);
          setTimeout(() => {
            this.#pending.delete(response);
            answer('too late');
          }, behaviour.ms).unref();
        }
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}/v1/chat/completions`;
  }

  async stop(): Promise<void> {
    for (const response of this.#pending) response.destroy();
    this.#server?.closeAllConnections();
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}

describe('the assistant with CHAT_LLM_URL (an OpenAI-compatible endpoint)', () => {
  let t: TestApp;
  let model: FakeChatModel;
  let token: string;

  beforeAll(async () => {
    model = new FakeChatModel();
    const url = await model.start();
    t = await startTestApp({
      kind: 'pglite',
      config: { chatLlmUrl: url, chatLlmModel: 'guide-model', chatLlmApiKey: 'sk-test-key', chatLlmTimeoutMs: 400 },
      limits: { chatPerUser: { limit: 100, windowSeconds: 60 } },
    });
    await t.createCustomer('Alpha');
    const user = await t.createUser({ role: 'CustomerRoot', customer: 'Alpha' });
    token = (await t.signIn(user.email, user.password)).token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await model?.stop();
  });

  const ask = async (question: string) =>
    (await t.client(token).call(generatePrompt, { body: { is_server: false, user_message: question } }))[0]!;

  it('sends the found sections and the question, and answers with the model’s words and the sections’ links', async () => {
    model.behaviour = {
      kind: 'answer',
      text: 'Choose SMS on the recovery screen, type your number, then the code and the new password.',
    };
    const before = model.requests.length;
    const answer: ChatAnswer = await ask(SMS_QUESTION);
    expect(model.requests.length).toBe(before + 1);
    const request = model.requests.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer sk-test-key');
    expect(request.body.model).toBe('guide-model');
    expect(request.body.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(SYSTEM_PROMPT).toContain('reply exactly: Sorry, I am unable to assist you with this request.');
    const context = request.body.messages[1]!;
    expect(context.role).toBe('user');
    expect(context.content).toContain('## Forgotten password › By SMS (3 steps)');
    expect(context.content).toContain('If the number belongs to an account, a 6-digit code is sent to it by SMS.');
    expect(context.content.endsWith(`Question: ${SMS_QUESTION}`)).toBe(true);
    expect(answer.response).toBe(
      'Choose SMS on the recovery screen, type your number, then the code and the new password.\n\nFrom the user guide: Forgotten password › By SMS (3 steps) (/guide#by-sms-3-steps); Forgotten password (/guide#forgotten-password)',
    );
    expect(answer.sources.map((source) => source.href)).toEqual(['/guide#by-sms-3-steps', '/guide#forgotten-password']);
  });

  it('falls back to the guide’s own answer when the model does not answer in time', async () => {
    model.behaviour = { kind: 'slow', ms: 5_000 };
    const started = Date.now();
    const answer = await ask('why is my escalation marked incomplete');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(answer).toEqual(userGuideIndex().answer('why is my escalation marked incomplete'));
    expect(model.requests.at(-1)!.body.messages[1]!.content).toContain(
      '## Escalations › When an escalation is incomplete',
    );
  });

  it('falls back to the guide’s own answer when the model fails', async () => {
    model.behaviour = { kind: 'fail', status: 503 };
    expect(await ask('How do I create new credentials for a module?')).toEqual(
      userGuideIndex().answer('How do I create new credentials for a module?'),
    );
  });

  it('passes on the model’s refusal as docs/product.md#messages’s, without links', async () => {
    model.behaviour = { kind: 'answer', text: 'Sorry, I am unable to assist you with this request.' };
    expect(await ask('How do I add an SLA with a response time in hours?')).toEqual({
      response: CHAT_MESSAGES.unableToAssist,
      sources: [],
    });
  });

  it('does not ask the model when the guide has nothing relevant', async () => {
    model.behaviour = { kind: 'answer', text: 'Paris.' };
    const before = model.requests.length;
    expect(await ask('What is the capital of France?')).toEqual({
      response: CHAT_MESSAGES.unableToAssist,
      sources: [],
    });
    expect(model.requests.length).toBe(before);
  });
});
