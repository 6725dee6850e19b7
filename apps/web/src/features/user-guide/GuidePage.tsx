import { anchorMaker, guideSections } from '@relevo/domain';
import { Card, PageHeader } from '@relevo/ui';
import { Marked, type Tokens } from 'marked';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import markdown from '../../../../../docs/user-guide.md?raw';
import './UserGuide.css';

/**
 * docs/user-guide.md as HTML, each heading with the anchor the assistant's links point to (the
 * same rule as the domain's guideSections). The guide is this repository's own text, so its HTML
 * is trusted; the page is its own chunk, loaded only when opened.
 */
function guideHtml(text: string): string {
  const anchorOf = anchorMaker();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(
        this: { parser: { parseInline: (tokens: Tokens.Heading['tokens']) => string } },
        { tokens, depth, text: title }: Tokens.Heading,
      ) {
        const anchor = anchorOf(title);
        return `<h${depth} id="${anchor}" class="guide__heading">${this.parser.parseInline(tokens)} <a class="guide__anchor" href="#${anchor}" aria-label="Link to this section">#</a></h${depth}>\n`;
      },
      // the role tables' corner cell is empty: a plain cell, not a header without a name
      tablecell(
        this: { parser: { parseInline: (tokens: Tokens.TableCell['tokens']) => string } },
        { tokens, header, align, text: cell }: Tokens.TableCell,
      ) {
        const tag = header && cell.trim() ? 'th' : 'td';
        return `<${tag}${align ? ` align="${align}"` : ''}>${this.parser.parseInline(tokens)}</${tag}>\n`;
      },
    },
  });
  // the page has its own title: the guide's first heading is not repeated
  return marked.parse(text.replace(/^# .*\n/, ''), { async: false });
}

/** The user guide (docs/user-guide.md), open to every signed-in user from the header. */
export function GuidePage() {
  const html = useMemo(() => guideHtml(markdown), []);
  const contents = useMemo(() => guideSections(markdown).filter((section) => section.level === 2), []);
  const { hash } = useLocation();

  // a link to a section (an answer of the assistant) lands on it once the page is drawn
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, [hash, html]);

  return (
    <>
      <PageHeader title="User guide" description="How each screen of Relevo works." />
      <div className="guide">
        <nav className="guide__contents" aria-label="Contents of the user guide">
          <ol>
            {contents.map((section) => (
              <li key={section.anchor}>
                <a href={`#${section.anchor}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <Card className="guide__card">
          <article className="guide__text" dangerouslySetInnerHTML={{ __html: html }} />
        </Card>
      </div>
    </>
  );
}
