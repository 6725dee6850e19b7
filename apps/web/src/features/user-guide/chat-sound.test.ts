import { describe, expect, it, vi } from 'vitest';
import { playChatSound } from './chat-sound';

describe('the chat notification (docs/product.md#user-guide-and-assistant, #constants-and-limits)', () => {
  it('plays from 1 s in and stops after 3 s', async () => {
    vi.useFakeTimers();
    const player = {
      currentTime: 0,
      paused: true,
      play: vi.fn(async () => void (player.paused = false)),
      pause: vi.fn(() => void (player.paused = true)),
    };
    playChatSound(player);
    expect(player.currentTime).toBe(1);
    expect(player.play).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(player.paused).toBe(false);
    vi.advanceTimersByTime(2999);
    expect(player.paused).toBe(false);
    vi.advanceTimersByTime(1);
    expect(player.paused).toBe(true);
    vi.useRealTimers();
  });

  it('stays silent, without an error, when the browser refuses to play; stopping early clears the timer', () => {
    vi.useFakeTimers();
    const player = { currentTime: 0, play: vi.fn(() => Promise.reject(new Error('NotAllowedError'))), pause: vi.fn() };
    const stop = playChatSound(player);
    stop();
    const pauses = player.pause.mock.calls.length;
    vi.advanceTimersByTime(5000);
    expect(player.pause.mock.calls.length).toBe(pauses);
    vi.useRealTimers();
  });
});
