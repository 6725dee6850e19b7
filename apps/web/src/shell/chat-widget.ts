const MARK = 'data-relevo-widget';

/** docs/product.md#what-relevo-does: the third-party voice and chat widget, added once to the signed-in layout. */
export function loadWidgetScript(url: string, doc: Document = document): void {
  if (doc.querySelector(`script[${MARK}]`)) return;
  const script = doc.createElement('script');
  script.src = url;
  script.async = true;
  script.setAttribute(MARK, '');
  doc.body.appendChild(script);
}
