import { useEffect, useRef, useState } from 'react';
import type { EventCalls } from './event-calls';

/** While the server's stream is down, the list asks again this often (the fallback). */
export const POLL_MS = 2000;
/** Changes this close together make one reload. */
const SETTLE_MS = 250;

/**
 * Keeps a list current: reloads it when the server says the customer's events changed (a new,
 * accepted or resolved event reaches the screen within about a second), and while the stream is
 * down asks again every POLL_MS. The page, filters and focus stay as they are: the reload reads the
 * same page, and rows keep their keys.
 */
export function useLiveEvents(watch: EventCalls['watch'], reload: () => void): { live: boolean } {
  const [live, setLive] = useState(false);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  }, [reload]);

  useEffect(() => {
    let settle: ReturnType<typeof setTimeout> | null = null;
    const stop = watch({
      onChange: () => {
        settle ??= setTimeout(() => {
          settle = null;
          reloadRef.current();
        }, SETTLE_MS);
      },
      onLive: setLive,
    });
    return () => {
      stop();
      if (settle) clearTimeout(settle);
    };
  }, [watch]);

  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState === 'visible') reloadRef.current();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [live]);

  return { live };
}
