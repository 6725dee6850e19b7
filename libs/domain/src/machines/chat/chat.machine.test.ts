import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CHAT_MESSAGES, ChatPromptSchema, type ChatAnswer } from '../../entities/chat';
import { validate } from '../../rules/validation';
import { deferredActor, tick } from '../test-actors';
import { chatHour, chatMachine } from './chat.machine';

const AT = new Date(2026, 10, 24, 9, 5);
const ANSWER: ChatAnswer = {
  response: 'From the user guide: use the Recovery password link.',
  sources: [{ title: 'Forgotten password', href: '/guide#forgotten-password' }],
};

function start() {
  const ask = deferredActor<ChatAnswer, { user_message: string }>();
  const actor = createActor(chatMachine.provide({ actors: { ask: ask.actor } }), {
    input: { userName: 'Carlos Méndez', now: () => AT },
  });
  actor.start();
  return { actor, ask, state: () => actor.getSnapshot() };
}

describe('chat machine (docs/product.md#user-guide-and-assistant, #validation-rules Chat, #messages)', () => {
  it('starts empty and refuses an empty message with the spec text, calling nothing', () => {
    const { actor, ask, state } = start();
    expect(state().value).toBe('empty');
    actor.send({ type: 'SEND' });
    expect(state().value).toBe('empty');
    expect(state().context.validation).toBe("Your message box Can't be empty");
    actor.send({ type: 'TYPE', text: '   ' });
    actor.send({ type: 'SEND' });
    expect(state().context.validation).toBe(CHAT_MESSAGES.emptyMessage);
    expect(ask.calls).toEqual([]);
  });

  it('types, sends the trimmed question, waits, and shows both messages with sender and hour', async () => {
    const { actor, ask, state } = start();
    actor.send({ type: 'TYPE', text: '  How do I reset my password?  ' });
    expect(state().value).toBe('typing');
    expect(state().context.validation).toBeNull();
    actor.send({ type: 'SEND' });
    expect(state().value).toBe('waiting');
    expect(ask.calls).toEqual([{ user_message: 'How do I reset my password?' }]);
    expect(state().context.draft).toBe('');
    expect(state().context.messages).toEqual([
      {
        is_server: false,
        user_message: 'How do I reset my password?',
        sender: 'Carlos Méndez',
        hour: '09:05',
        sources: [],
      },
    ]);
    ask.resolve(ANSWER);
    await tick();
    expect(state().value).toBe('answered');
    expect(state().context.messages[1]).toEqual({
      is_server: true,
      user_message: ANSWER.response,
      sender: 'Relevo',
      hour: '09:05',
      sources: ANSWER.sources,
    });
  });

  it('clearing the box goes back to empty', () => {
    const { actor, state } = start();
    actor.send({ type: 'TYPE', text: 'h' });
    actor.send({ type: 'TYPE', text: '' });
    expect(state().value).toBe('empty');
  });

  it('an answer without text is docs/product.md#messages refusal, with no sources', async () => {
    const { actor, ask, state } = start();
    actor.send({ type: 'TYPE', text: 'Anything?' });
    actor.send({ type: 'SEND' });
    ask.resolve({ response: '  ', sources: [{ title: 'x', href: '/guide#x' }] });
    await tick();
    expect(state().context.messages[1]).toMatchObject({
      is_server: true,
      user_message: 'Sorry, I am unable to assist you with this request.',
      sources: [],
    });
  });

  it('a failed call shows its message and RETRY asks the same question again without repeating it', async () => {
    const { actor, ask, state } = start();
    actor.send({ type: 'TYPE', text: 'Why is my escalation marked incomplete?' });
    actor.send({ type: 'SEND' });
    ask.reject(new Error('Too many attempts. Please try again later.'));
    await tick();
    expect(state().value).toBe('error');
    expect(state().context.error).toBe('Too many attempts. Please try again later.');
    actor.send({ type: 'RETRY' });
    expect(state().value).toBe('waiting');
    expect(state().context.error).toBeNull();
    expect(ask.calls).toEqual([
      { user_message: 'Why is my escalation marked incomplete?' },
      { user_message: 'Why is my escalation marked incomplete?' },
    ]);
    ask.resolve(ANSWER);
    await tick();
    expect(state().value).toBe('answered');
    expect(state().context.messages.map((m) => m.is_server)).toEqual([false, true]);
  });

  it('after an answer, an empty send is refused and a new question is sent', async () => {
    const { actor, ask, state } = start();
    actor.send({ type: 'TYPE', text: 'First question' });
    actor.send({ type: 'SEND' });
    ask.resolve(ANSWER);
    await tick();
    actor.send({ type: 'SEND' });
    expect(state().value).toBe('answered');
    expect(state().context.validation).toBe(CHAT_MESSAGES.emptyMessage);
    actor.send({ type: 'TYPE', text: 'Second question' });
    expect(state().value).toBe('typing');
    expect(state().context.validation).toBeNull();
    actor.send({ type: 'SEND' });
    expect(ask.calls.at(-1)).toEqual({ user_message: 'Second question' });
  });

  it('keeps what is typed while waiting, sends nothing more until the answer, then sends it', async () => {
    const { actor, ask, state } = start();
    actor.send({ type: 'TYPE', text: 'One' });
    actor.send({ type: 'SEND' });
    actor.send({ type: 'TYPE', text: 'Two' });
    actor.send({ type: 'SEND' });
    expect(state().value).toBe('waiting');
    expect(ask.calls).toHaveLength(1);
    expect(state().context.draft).toBe('Two');
    ask.resolve(ANSWER);
    await tick();
    actor.send({ type: 'SEND' });
    expect(state().value).toBe('waiting');
    expect(ask.calls.at(-1)).toEqual({ user_message: 'Two' });
  });

  it('shows the hour as HH:mm', () => {
    expect(chatHour(new Date(2026, 0, 1, 0, 7))).toBe('00:07');
    expect(chatHour(new Date(2026, 0, 1, 23, 59))).toBe('23:59');
  });
});

describe('the chat request schema (docs/product.md#assistant-call)', () => {
  it('takes is_server and a trimmed user_message', () => {
    expect(validate(ChatPromptSchema, { is_server: false, user_message: '  hello ' })).toEqual({
      success: true,
      output: { is_server: false, user_message: 'hello' },
    });
  });

  it('refuses an empty, missing or too long message, a missing is_server and unknown fields, each with its message', () => {
    const issues = (input: unknown) => {
      const result = validate(ChatPromptSchema, input);
      return result.success ? [] : result.issues;
    };
    expect(issues({ is_server: false, user_message: '  ' })).toEqual([
      { path: ['user_message'], message: "Your message box Can't be empty" },
    ]);
    expect(issues({ is_server: false })).toEqual([
      { path: ['user_message'], message: "Your message box Can't be empty" },
    ]);
    expect(issues({ is_server: false, user_message: 'x'.repeat(501) })).toEqual([
      { path: ['user_message'], message: 'Your message cannot exceed 500 characters' },
    ]);
    expect(issues({ user_message: 'hello' })).toEqual([
      { path: ['is_server'], message: 'is_server must be true or false' },
    ]);
    expect(issues({ is_server: false, user_message: 'hello', extra: 1 })).toHaveLength(1);
  });
});
