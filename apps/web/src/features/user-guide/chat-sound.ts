import { CHAT_LIMITS } from '@relevo/domain';

/** The notification of the User Guide chat (made by tools/scripts/make-chat-sound.mjs). */
export const CHAT_SOUND_URL = '/sounds/chat-notification.wav';

/** What the player needs of an <audio> element (the unit test passes a plain object). */
export type ChatSoundPlayer = Pick<HTMLMediaElement, 'currentTime' | 'play' | 'pause'>;

/**
 * docs/product.md#user-guide-and-assistant and #constants-and-limits: after a reply the sound plays from 1 second in and is stopped after 3 seconds.
 * A browser that refuses to play (no gesture yet, no audio device) is left silent: the reply is
 * on the screen either way. Answers a function that stops it early (the screen is left).
 */
export function playChatSound(
  player: ChatSoundPlayer,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): () => void {
  player.pause();
  player.currentTime = CHAT_LIMITS.soundStartSeconds;
  player.play()?.catch(() => undefined);
  const timer = timers.setTimeout(() => player.pause(), CHAT_LIMITS.soundDurationMs);
  return () => {
    timers.clearTimeout(timer);
    player.pause();
  };
}
