import { useEffect, useRef, useState } from 'react';
import { reportError } from './report-error';

export type Loaded<T> = { state: 'loading' } | { state: 'loaded'; value: T } | { state: 'failed' };

/**
 * What a screen loads besides its list (a dropdown's options, a quota check): loaded when `load`
 * is given, again whenever `round` changes; a failure goes through the general handler (docs/product.md#messages).
 */
export function useLoaded<T>(load: (() => Promise<T>) | undefined, round = 0): Loaded<T> {
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
  }, [load, round]);
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
