/**
 * What runs inside the Storybook preview page (passed to Playwright as functions, so each must be
 * self-contained: no imports, no outside variables).
 */

/** What the probe records in the page, read back through `window.__relevoStoryProbe`. */
export interface Probe {
  /** STORY_FINISHED's payload, reduced to what a report needs. */
  finished: { storyId: string; status: string; failedReports: string[] } | null;
  /** The failure events, each with its arguments as text. */
  failures: { event: string; detail: string }[];
}

/** The part of Storybook's channel the probe uses. */
export interface Channel {
  on(event: string, listener: (...args: unknown[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
}

export type ProbeWindow = Window & { __relevoStoryProbe?: Probe; __STORYBOOK_ADDONS_CHANNEL__?: Channel };

/**
 * Runs before Storybook on every page load: catches the preview's channel as it is created
 * (Storybook assigns `globalThis.__STORYBOOK_ADDONS_CHANNEL__`) and records STORY_FINISHED and the
 * failure events from the very start, so no event is missed however fast a story is.
 */
export function installProbe({ finishedEvent, failureEvents }: { finishedEvent: string; failureEvents: string[] }): void {
  const win = window as ProbeWindow;
  const probe: Probe = { finished: null, failures: [] };
  win.__relevoStoryProbe = probe;
  const text = (value: unknown): string => {
    if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
    if (value && typeof value === 'object') {
      const { name, message, stack, title, description } = value as Record<string, unknown>;
      // a stack repeats the message (or, for testing-library's async queries, its first version)
      if (typeof stack === 'string' && stack) return typeof message === 'string' && !stack.includes(message.split('\n')[0]!) ? `${message}\n${stack}` : stack;
      if (typeof message === 'string') return typeof name === 'string' ? `${name}: ${message}` : message;
      if (typeof title === 'string') return typeof description === 'string' ? `${title}: ${description}` : title;
    }
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  };
  const hooked = new WeakSet<object>();
  let current: Channel | undefined;
  Object.defineProperty(win, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set(channel: Channel | undefined) {
      current = channel;
      if (!channel || typeof channel !== 'object' || hooked.has(channel)) return;
      hooked.add(channel);
      channel.on(finishedEvent, (payload) => {
        const { storyId, status, reporters = [] } = payload as { storyId: string; status: string; reporters?: { type: string; status: string; result: unknown }[] };
        const failedReports = reporters
          .filter((report) => report.status === 'failed')
          .map((report) => `${report.type}: ${text((report.result as { error?: unknown } | null)?.error ?? report.result)}`);
        probe.finished = { storyId, status, failedReports };
      });
      for (const event of failureEvents) {
        channel.on(event, (...args) => {
          const details = args.flatMap((arg) => (Array.isArray(arg) ? arg : [arg])).map(text);
          probe.failures.push({ event, detail: details.join('\n') });
        });
      }
    },
  });
}

/**
 * Renders another story in the loaded preview, the way the Storybook UI switches stories: clears
 * the probe, then asks the preview for the story on its channel.
 */
export function switchStory({ storyId, setCurrentStoryEvent }: { storyId: string; setCurrentStoryEvent: string }): void {
  const win = window as ProbeWindow;
  const probe = win.__relevoStoryProbe;
  const channel = win.__STORYBOOK_ADDONS_CHANNEL__;
  if (!probe || !channel) throw new Error('The page holds no Storybook preview');
  probe.finished = null;
  probe.failures = [];
  channel.emit(setCurrentStoryEvent, { storyId, viewMode: 'story' });
}

/**
 * True once Storybook is done with `storyId`: finished, or failed before finishing (an error event,
 * the error display, or "no preview").
 */
export function storyDone(storyId: string): boolean {
  const probe = (window as ProbeWindow).__relevoStoryProbe;
  const shown = document.body?.classList;
  return probe?.finished?.storyId === storyId || !!probe?.failures.length || !!shown?.contains('sb-show-errordisplay') || !!shown?.contains('sb-show-nopreview');
}

/** Resolves once the DOM has stayed unchanged for `frames` animation frames, or after `cap` ms. */
export function untilQuiet({ frames, cap }: { frames: number; cap: number }): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    let quiet = 0;
    const observer = new MutationObserver(() => {
      quiet = 0;
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const frame = () => {
      quiet += 1;
      if (quiet > frames || performance.now() - started > cap) {
        observer.disconnect();
        resolve();
      } else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** What Storybook shows besides the story: its error display (text) and its "no preview" screen. */
export function previewState(): { probe: Probe | null; errorDisplay: string | null; noPreview: boolean } {
  const body = document.body;
  const displayed = (id: string) => document.getElementById(id)?.textContent?.trim() ?? '';
  return {
    probe: (window as ProbeWindow).__relevoStoryProbe ?? null,
    errorDisplay: body?.classList.contains('sb-show-errordisplay') ? [displayed('error-message'), displayed('error-stack')].filter(Boolean).join('\n') : null,
    noPreview: !!body?.classList.contains('sb-show-nopreview'),
  };
}
