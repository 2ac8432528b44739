/**
 * Copies text to the clipboard: the async Clipboard API where allowed, else a hidden
 * textarea and execCommand('copy') (older webviews, insecure origins). Resolves false on failure.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (error) {
    console.warn('clipboard API refused, trying the textarea fallback', error);
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  area.style.pointerEvents = 'none';
  document.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch (error) {
    console.warn('copy fallback failed', error);
    return false;
  } finally {
    area.remove();
  }
}
