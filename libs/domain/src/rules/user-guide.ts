/**
 * The user guide (docs/user-guide.md) as sections: the server indexes them for the assistant and
 * the guide page gives each heading the same anchor, so an answer's link lands on its section.
 */
export interface GuideSection {
  /** the heading's anchor on the guide page (GitHub's rule, so the guide's own links work too) */
  anchor: string;
  title: string;
  /** 2 for `##`, 3 for `###` ... */
  level: number;
  /** the headings above it, outermost first (the `##` of a `###`) */
  parents: string[];
  /** the Markdown under the heading, up to the next heading */
  body: string;
}

/** The path of the guide page inside the app (a layout route open to every signed-in user). */
export const GUIDE_PATH = '/guide';

export const guideHref = (anchor: string) => `${GUIDE_PATH}#${anchor}`;

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Anchors made unique in document order as GitHub does: `the-list`, `the-list-1`, `the-list-2`. */
export function anchorMaker(): (title: string) => string {
  const seen = new Map<string, number>();
  return (title) => {
    const slug = headingSlug(title);
    const count = seen.get(slug);
    seen.set(slug, (count ?? -1) + 1);
    return count === undefined ? slug : `${slug}-${count + 1}`;
  };
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

/** Every `##` and deeper section of the guide, in order (the `#` title and its introduction are not a section). */
export function guideSections(markdown: string): GuideSection[] {
  const anchorOf = anchorMaker();
  const sections: GuideSection[] = [];
  const stack: { level: number; title: string }[] = [];
  let current: GuideSection | null = null;
  let fenced = false;
  const lines: string[] = [];
  const close = () => {
    if (current) current.body = lines.join('\n').trim();
    lines.length = 0;
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : HEADING.exec(line);
    if (!heading) {
      lines.push(line);
      continue;
    }
    close();
    const level = heading[1]!.length;
    const title = heading[2]!.trim();
    const anchor = anchorOf(title);
    while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop();
    current =
      level >= 2
        ? { anchor, title, level, parents: stack.filter((s) => s.level >= 2).map((s) => s.title), body: '' }
        : null;
    if (current) sections.push(current);
    stack.push({ level, title });
  }
  close();
  return sections;
}

/** The section's name as an answer shows it: its parents and its own title. */
export const sectionPath = (section: Pick<GuideSection, 'parents' | 'title'>) =>
  [...section.parents, section.title].join(' › ');

/** Markdown to the plain text a quote shows: no emphasis marks, links as their text, table bars as spaces. */
export function plainText(markdown: string): string {
  return (
    markdown
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/`{1,2}([^`]+)`{1,2}/g, '$1')
      .replace(/(\*\*|__)([\s\S]+?)\1/g, '$2')
      .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:]|$)/gm, '$1$2')
      .replace(/^\s*\|?[-:| ]+\|[-:| ]*$/gm, '')
      .replace(/\|/g, ' ')
      // a paragraph's or list item's wrapped lines are one line
      .replace(/[ \t]*\n[ \t]*(?=\S)(?![-*] |\d+\. )/g, (match, offset: number, text: string) =>
        text[offset - 1] === '\n' ? match : ' ',
      )
      .replace(/[ \t]+/g, ' ')
      .trim()
  );
}
