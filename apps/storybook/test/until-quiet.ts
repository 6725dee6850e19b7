/** Resolves once the DOM has stayed unchanged for `frames` animation frames, or after `cap` ms. */
export function untilQuiet(frames = 3, cap = 1_000): Promise<void> {
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
