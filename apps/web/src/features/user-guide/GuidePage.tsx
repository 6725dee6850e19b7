import { anchorMaker, guideSections } from '@relevo/domain';
import { Card, PageHeader } from '@relevo/ui';
import { Marked, type Tokens } from 'marked';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import english from '../../../../../docs/user-guide.md?raw';
import { currentLanguage, t } from '../../shell/i18n';
import './UserGuide.css';

/**
 * docs/user-guide.md as HTML, each heading with the anchor the assistant's links point to (the
 * same rule as the domain's guideSections). The guide is this repository's own text, so its HTML
 * is trusted; the page is its own chunk, loaded only when opened.
 */
function guideHtml(text: string, anchors: readonly string[] | null): string {
  const anchorOf = anchorMaker();
  let heading = 0;
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(
        this: { parser: { parseInline: (tokens: Tokens.Heading['tokens']) => string } },
        { tokens, depth, text: title }: Tokens.Heading,
      ) {
        // the Spanish guide keeps the English anchors, heading for heading (docs/product.md#languages)
        const anchor = anchors?.[heading] ?? anchorOf(title);
        heading += 1;
        return `<h${depth} id="${anchor}" class="guide__heading">${this.parser.parseInline(tokens)} <a class="guide__anchor" href="#${anchor}" aria-label="${t('Link to this section')}">#</a></h${depth}>\n`;
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

/** The guide in the reader's language: docs/user-guide.es.md, its own chunk, for Spanish. */
function useGuideText(): string | null {
  const spanish = currentLanguage() === 'es';
  const [text, setText] = useState<string | null>(spanish ? null : english);
  useEffect(() => {
    if (!spanish) return;
    let current = true;
    void import('../../../../../docs/user-guide.es.md?raw').then((module) => {
      if (current) setText(module.default);
    });
    return () => {
      current = false;
    };
  }, [spanish]);
  return text;
}

/** The user guide (docs/user-guide.md, or its Spanish), open to every signed-in user from the header. */
export function GuidePage() {
  const markdown = useGuideText();
  const spanish = markdown !== null && markdown !== english;
  const html = useMemo(
    () => (markdown === null ? '' : guideHtml(markdown, spanish ? guideSections(english).map((s) => s.anchor) : null)),
    [markdown, spanish],
  );
  const contents = useMemo(() => {
    if (markdown === null) return [];
    const anchors = guideSections(english).map((section) => section.anchor);
    return guideSections(markdown)
      .map((section, i) => ({ ...section, anchor: spanish ? (anchors[i] ?? section.anchor) : section.anchor }))
      .filter((section) => section.level === 2);
  }, [markdown, spanish]);
  const { hash } = useLocation();

  // a link to a section (an answer of the assistant) lands on it once the page is drawn
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, [hash, html]);

  return (
    <>
      <PageHeader title={t('User guide')} description={t('How each screen of Relevo works.')} />
      <div className="guide">
        <nav className="guide__contents" aria-label={t('Contents of the user guide')}>
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
