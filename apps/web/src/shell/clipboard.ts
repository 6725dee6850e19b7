import { toast } from '@relevo/ui';

/**
 * Copies a text and says so in a success toast (docs/product.md#applications, #events, #resources, #escalations: names, case IDs and
 * phones are copied with a click). A refused clipboard (an insecure page, a denied permission) is
 * only logged (docs/product.md#messages: "Clipboard failure is only logged").
 */
export async function copyToClipboard(
  text: string,
  toastText: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard,
): Promise<boolean> {
  try {
    if (!clipboard) throw new Error('No clipboard on this page');
    await clipboard.writeText(text);
    toast.success(toastText);
    return true;
  } catch (error) {
    console.warn('Copy to the clipboard failed', error);
    return false;
  }
}
