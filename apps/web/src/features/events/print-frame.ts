/**
 * docs/product.md#events: the event details print through a hidden frame, so the page itself stays as it is.
 * The frame gets the details' markup and the page's styles; what print must not show (the last
 * column of the log table, buttons, the pager and the audio player) is hidden there.
 */
import { currentLanguage, msg, t } from '../../shell/i18n';

/** The hidden frame's title (its `title` attribute, in the active language of each print). */
export const PRINT_FRAME_TITLE = msg('Event details for printing');

const PRINT_RULES = `
  @page { margin: 16mm; }
  body { background: #fff; margin: 0; }
  button, audio, nav, .rl-pager, [data-print="hide"] { display: none !important; }
  table th:last-child, table td:last-child { display: none !important; }
  .events-details__print-title { display: block !important; }
`;

export function printInFrame(content: HTMLElement, title: string, owner: Document = document): HTMLIFrameElement {
  let frame = owner.querySelector<HTMLIFrameElement>('iframe[data-print-frame]');
  if (!frame) {
    frame = owner.createElement('iframe');
    frame.setAttribute('data-print-frame', '');
    frame.setAttribute('aria-hidden', 'true');
    frame.setAttribute('tabindex', '-1');
    // hidden, yet laid out: a frame with display none prints nothing in some browsers
    Object.assign(frame.style, {
      position: 'fixed',
      right: '0',
      bottom: '0',
      width: '0',
      height: '0',
      border: '0',
      visibility: 'hidden',
    });
    owner.body.append(frame);
  }
  frame.title = t(PRINT_FRAME_TITLE);
  const target = frame.contentDocument!;
  const styles = [...owner.querySelectorAll('style, link[rel="stylesheet"]')].map((node) => node.outerHTML).join('\n');
  target.open();
  target.write(
    `<!doctype html><html lang="${currentLanguage()}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${styles}<style>${PRINT_RULES}</style></head><body>${content.outerHTML}</body></html>`,
  );
  target.close();
  const window = frame.contentWindow!;
  // after the frame's styles load; print() blocks until the dialog closes
  setTimeout(() => {
    window.focus();
    window.print();
  }, 100);
  return frame;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}
