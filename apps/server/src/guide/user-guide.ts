import markdown from '../../../../docs/user-guide.md?raw';
import { GuideIndex } from './guide-index';

/**
 * docs/user-guide.md, built into the server (build.mjs reads it as text), indexed once when the
 * first process asks.
 */
let index: GuideIndex | null = null;
export function userGuideIndex(): GuideIndex {
  index ??= new GuideIndex(markdown);
  return index;
}
