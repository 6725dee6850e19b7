import { describe, expect, it } from 'vitest';
import { loadWidgetScript } from './chat-widget';

/** Just enough of a document for the loader: no DOM library is installed for unit tests. */
function fakeDocument() {
  const added: { src: string; async: boolean; attributes: Record<string, string> }[] = [];
  const doc = {
    querySelector: (selector: string) => (selector === 'script[data-relevo-widget]' && added.length ? added[0] : null),
    createElement: () => {
      const script = {
        src: '',
        async: false,
        attributes: {} as Record<string, string>,
        setAttribute: (name: string, value: string) => (script.attributes[name] = value),
      };
      return script;
    },
    body: { appendChild: (script: (typeof added)[number]) => added.push(script) },
  };
  return { doc: doc as unknown as Document, added };
}

describe('loadWidgetScript (docs/product.md#what-relevo-does: the third-party widget after login)', () => {
  it('adds the widget script once, asynchronously', () => {
    const { doc, added } = fakeDocument();
    loadWidgetScript('https://widget.example/loader.js', doc);
    loadWidgetScript('https://widget.example/loader.js', doc);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      src: 'https://widget.example/loader.js',
      async: true,
      attributes: { 'data-relevo-widget': '' },
    });
  });
});
