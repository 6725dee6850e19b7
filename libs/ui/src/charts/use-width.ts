import { useEffect, useRef, useState } from 'react';

/**
 * The width of an element in CSS pixels, kept up to date as it changes (0 until it is measured):
 * charts draw at their container's width, so one widget serves a phone, a desktop cell and full
 * screen alike.
 */
export function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
