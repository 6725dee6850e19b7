import { useEffect, useRef, useState } from 'react';
import { reportError } from './report-error';

/** What a screen shows while something it needs loads. */
export type Loaded<T> = { state: 'loading' } | { state: 'loaded'; value: T } | { state: 'failed' };

/**
 * Loads what a screen needs when it opens, and again whenever `load` is a new function (give it
 * with useCallback). Without a `load` it stays loading. A failure is reported through the general
 * handler (spec 8) and shows as 'failed'; an answer that comes after the screen moved on is dropped.
 */
export function useLoaded<T>(load: (() => Promise<T>) | undefined): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    if (!load) return;
    let active = true;
    load().then(
      (value) => active && setLoaded({ state: 'loaded', value }),
      (error: unknown) => {
        if (!active) return;
        setLoaded({ state: 'failed' });
        reportError(error);
      },
    );
    return () => {
      active = false;
    };
  }, [load]);
  return loaded;
}

/** Calls `onSaved` once with a form machine's saved answer, when it reaches its saved state. */
export function useSavedOnce<T>(isSaved: boolean, saved: T | null, onSaved: (saved: T) => void): void {
  const told = useRef(false);
  useEffect(() => {
    if (!isSaved || told.current || saved === null) return;
    told.current = true;
    onSaved(saved);
  }, [isSaved, saved, onSaved]);
}
