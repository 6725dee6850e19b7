/**
 * A story's clipboard: `beforeEach: storyClipboard` gives the page a clipboard that keeps what it
 * is given (`copiedInStory()` answers it) and puts the browser's own back after the story.
 */
export function storyClipboard(): () => void {
  const copied: string[] = [];
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  });
  (globalThis as { copiedInStory?: string[] }).copiedInStory = copied;
  return () => {
    delete (navigator as { clipboard?: unknown }).clipboard;
    if (original) Object.defineProperty(Navigator.prototype, 'clipboard', original);
  };
}

/** What the story's clipboard was given so far. */
export const copiedInStory = (): string[] => (globalThis as { copiedInStory?: string[] }).copiedInStory ?? [];
