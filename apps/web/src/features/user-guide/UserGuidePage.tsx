import { generatePrompt } from '@relevo/api';
import { CHAT_MESSAGES, GUIDE_PATH, chatMachine, fullName, type ChatAnswer } from '@relevo/domain';
import { Button, Card, Icon, PageHeader, TextField } from '@relevo/ui';
import { RetryAlert } from '../../shell/RetryAlert';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { fromPromise } from 'xstate';
import { api } from '../../shell/api';
import { t } from '../../shell/i18n';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { CHAT_SOUND_URL, playChatSound } from './chat-sound';
import './UserGuide.css';

declare module '../../shell/services' {
  interface Services {
    /** the User Guide assistant: a question, and the first item of its answer */
    askGuide: (question: string) => Promise<ChatAnswer>;
    /** the chat's notification sound (stories and tests count the plays) */
    playChatSound: () => void;
  }
}

/** docs/product.md#assistant-call: the first item of the answer's list. */
const liveAskGuide = async (question: string): Promise<ChatAnswer> => {
  const [first] = await api.call(generatePrompt, { body: { is_server: false, user_message: question } });
  return first ?? { response: '', sources: [] };
};

/**
 * docs/product.md#user-guide-and-assistant Guide: the chat with the assistant (the user's and the server's messages with
 * sender and hour, 'Type your question', Send or Enter), in a 360 px area; after each reply the
 * notification plays from 1 s in for 3 s. The answers quote the guide and link its sections.
 */
export function UserGuidePage() {
  const user = useSignedInUser();
  const askGuide = useService('askGuide', liveAskGuide);
  const sound = useRef<HTMLAudioElement>(null);
  const stopSound = useRef<(() => void) | null>(null);
  const livePlay = useCallback(() => {
    stopSound.current?.();
    if (sound.current) stopSound.current = playChatSound(sound.current);
  }, []);
  const playSound = useService('playChatSound', livePlay);
  const [machine] = useState(() =>
    chatMachine.provide({ actors: { ask: fromPromise(({ input }) => askGuide(input.user_message)) } }),
  );
  const [state, send] = useMachine(machine, { input: { userName: fullName(user) } });
  const { messages, draft, validation, error } = state.context;
  const waiting = state.matches('waiting');
  const log = useRef<HTMLDivElement>(null);

  const replies = messages.filter((message) => message.is_server).length;
  const heard = useRef(replies);
  useEffect(() => {
    if (replies > heard.current) playSound();
    heard.current = replies;
  }, [replies, playSound]);
  useEffect(() => () => stopSound.current?.(), []);
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages.length, waiting]);

  return (
    <>
      <PageHeader
        title={t('User Guide')}
        description={t('Ask how Relevo works: the answers quote the user guide and link to its sections.')}
        actions={
          <Link className="rl-button rl-button--secondary rl-button--md chat__guide-link" to={GUIDE_PATH}>
            <Icon name="book" size={16} />
            {t('Read the user guide')}
          </Link>
        }
      />
      <Card title={t('Chat')} className="chat">
        <div ref={log} className="chat__log" role="log" aria-label={t('Conversation')} tabIndex={0}>
          {messages.length === 0 ? (
            <p className="chat__empty">{t('No messages yet. Ask your first question below.')}</p>
          ) : null}
          {messages.map((message, index) => (
            <article
              key={index}
              className={`chat__message chat__message--${message.is_server ? 'server' : 'user'}`}
              aria-label={t('{sender} at {hour}', { sender: message.sender, hour: message.hour })}
            >
              <header className="chat__meta">
                <span className="chat__sender">{message.sender}</span>
                <time className="chat__hour">{message.hour}</time>
              </header>
              <p className="chat__text">{message.user_message}</p>
              {message.sources.length ? (
                <ul className="chat__sources" aria-label={t('Sections of the user guide')}>
                  {message.sources.map((source) => (
                    <li key={source.href}>
                      <Link to={source.href}>{source.title}</Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </article>
          ))}
          {waiting ? (
            <p className="chat__waiting" role="status">
              {t('Relevo is looking in the user guide…')}
            </p>
          ) : null}
        </div>
        {state.matches('error') ? (
          <RetryAlert className="chat__error" error={error} onRetry={() => send({ type: 'RETRY' })} />
        ) : null}
        <form
          className="chat__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SEND' });
          }}
        >
          <TextField
            className="chat__input"
            label={t('Your question')}
            placeholder={t(CHAT_MESSAGES.placeholder)}
            value={draft}
            onValueChange={(text) => send({ type: 'TYPE', text })}
            errors={validation ? [t(validation)] : undefined}
            maxLength={500}
            autoComplete="off"
          />
          <Button type="submit" variant="primary" icon={<Icon name="send" size={16} />} disabled={waiting}>
            {t('Send')}
          </Button>
        </form>
        {validation ? (
          <p className="chat__validation" role="alert">
            {t(validation)}
          </p>
        ) : null}
        <audio ref={sound} src={CHAT_SOUND_URL} preload="auto" data-chat-sound="" />
      </Card>
    </>
  );
}
