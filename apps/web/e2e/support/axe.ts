import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical axe violations of the page as it is now (WCAG 2.1 A and AA). */
export async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** Until the page's finite animations have ended (5 s at most). */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
}

/**
 * Fails the test, naming `where`, when axe finds a serious or critical violation on the page as it
 * is shown: once its finite animations have ended (a modal fading in has half-transparent text,
 * whose contrast says nothing). A page can start an animation while axe reads it (a toast's time
 * runs out and it fades away): what axe finds is read again once that has ended, and only what it
 * finds both times fails the test. Call it on every page and every open modal a test visits.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  await settled(page);
  const first = await seriousViolations(page);
  if (first.length === 0) return;
  await settled(page);
  const again = await seriousViolations(page);
  expect(
    again.filter((violation) => first.some((seen) => seen.id === violation.id)),
    `axe on ${where}`,
  ).toEqual([]);
}

/** A page of its own context: AxeBuilder needs a page of a context made with browser.newContext(). */
export async function freshPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}
