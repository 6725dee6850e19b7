import { describe, expect, it } from 'vitest';
import { anchorMaker, guideHref, guideSections, headingSlug, plainText, sectionPath } from './user-guide';

const GUIDE = `# Relevo user guide

Intro text.

## Forgotten password

Choose **Email** or **SMS**.

### By SMS (3 steps)

1. Enter the number.

\`\`\`
## not a heading inside code
\`\`\`

## Users

### The list

Users list.

## Resources

### The list

Resources list.
`;

describe('the user guide as sections', () => {
  it('makes GitHub anchors, so the guide’s own links work on the guide page', () => {
    expect(headingSlug("Changing someone's password")).toBe('changing-someones-password');
    expect(headingSlug('Access denied (403)')).toBe('access-denied-403');
    expect(headingSlug('Monitoring systems (the ingest API)')).toBe('monitoring-systems-the-ingest-api');
    expect(headingSlug('Adding, changing and removing an escalation')).toBe(
      'adding-changing-and-removing-an-escalation',
    );
  });

  it('numbers a repeated heading as GitHub does', () => {
    const next = anchorMaker();
    expect([next('The list'), next('The list'), next('The list')]).toEqual(['the-list', 'the-list-1', 'the-list-2']);
  });

  it('splits at every ## and ### heading outside code, with the parents of each', () => {
    const sections = guideSections(GUIDE);
    expect(sections.map((s) => [s.anchor, s.level, sectionPath(s)])).toEqual([
      ['forgotten-password', 2, 'Forgotten password'],
      ['by-sms-3-steps', 3, 'Forgotten password › By SMS (3 steps)'],
      ['users', 2, 'Users'],
      ['the-list', 3, 'Users › The list'],
      ['resources', 2, 'Resources'],
      ['the-list-1', 3, 'Resources › The list'],
    ]);
    expect(sections[1]!.body).toContain('## not a heading inside code');
    expect(sections[0]!.body).toBe('Choose **Email** or **SMS**.');
    expect(guideHref(sections[5]!.anchor)).toBe('/guide#the-list-1');
  });

  it('quotes Markdown as plain text', () => {
    expect(plainText('Press **Save**; see [Tables](#tables) and `code`.')).toBe('Press Save; see Tables and code.');
    expect(plainText('| a | b |\n|---|---|\n| yes | no |')).toBe('a b \n\n yes no');
  });
});
