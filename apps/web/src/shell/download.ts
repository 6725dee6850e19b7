/** Saves a text as a file the browser downloads (e.g. docs/product.md#modules 'Download to CSV'). */
export function downloadText(fileName: string, content: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has started the download; the address is no longer needed
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
