// The legal and privacy pages (/vilkaar, /vilkaar/bedrift, /vilkaar-mer, /personvern,
// /personverndetaljer, /data, /cookie-policy, /tilgjengelighet): fixed content by key, in the
// reader's language, with the title's name, organisation number and customer centre filled in;
// the date it was last updated; a table of contents on the long ones. A link to a Min Side page
// that is not built is plain text (nothing leads to a page that does not work).
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { useIsPage } from '../../hooks/useIsPage';
import { useLongDate } from '../../hooks/useLongDate';
import {
  type Block,
  type Document,
  fill,
  type Inline,
  parseMarkdown,
} from '../../lib/markdown/markdown';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { formatOrganizationNumber } from '../../ui/ContactDetails';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

import { legalPages, loadLegalText, TOC_MIN_SECTIONS } from './pages';

import './legal.css';

type State =
  | { readonly name: 'loading' }
  | { readonly name: 'failed' }
  | { readonly name: 'ready'; readonly doc: Document };

export default function LegalScreen() {
  const { t, i18n } = useTranslation('legal');
  const { pathname } = useLocation();
  const title = useAppSelector(selectTitle);
  const language = i18n.language === 'nn' ? 'nn' : 'nb';
  const key = legalPages[pathname] ?? 'terms';
  const [state, setState] = useState<State>({ name: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ name: 'loading' });
    loadLegalText(language, key).then(
      (text) => {
        if (!current) return;
        const values = {
          title: title?.name ?? '',
          orgNumber: formatOrganizationNumber(title?.organizationNumber ?? ''),
          phone: title?.customerCenterPhoneNumber ?? '',
          email: title?.customerCenterEmail ?? '',
          domain: title?.titleDomain ?? '',
        };
        setState({ name: 'ready', doc: parseMarkdown(fill(text, values)) });
      },
      () => current && setState({ name: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [language, key, title, attempt]);

  if (state.name === 'loading')
    return (
      <section className="screen legal">
        <Progress reserve>{t('legal.loading')}</Progress>
      </section>
    );
  if (state.name === 'failed')
    return (
      <section className="screen legal">
        <Notice color="danger" role="alert">
          <p>{t('legal.failed')}</p>
          <button type="button" className="ds-button" onClick={() => setAttempt((a) => a + 1)}>
            {t('legal.retry')}
          </button>
        </Notice>
      </section>
    );
  return <LegalDocument doc={state.doc} />;
}

function LegalDocument({ doc }: { readonly doc: Document }) {
  const { t } = useTranslation('legal');
  const longDate = useLongDate();
  const heading = doc.blocks.find((b) => b.kind === 'heading' && b.level === 1);
  const sections = doc.blocks.filter(
    (b): b is Extract<Block, { kind: 'heading' }> => b.kind === 'heading' && b.level === 2,
  );
  return (
    <Screen
      as="article"
      headingId="legal-heading"
      className="legal"
      heading={heading?.kind === 'heading' ? heading.text : ''}
    >
      {doc.updated ? (
        <p className="legal-updated">{t('legal.updated', { date: longDate(doc.updated) })}</p>
      ) : null}
      {sections.length >= TOC_MIN_SECTIONS ? (
        <nav className="legal-toc" aria-labelledby="legal-toc-heading">
          <h2 id="legal-toc-heading" className="ds-heading" data-size="2xs">
            {t('legal.contents')}
          </h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a className="ds-link" href={`#${s.id}`}>
                  {s.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {doc.blocks.map((block, index) =>
        block === heading ? null : <BlockView key={index} block={block} />,
      )}
    </Screen>
  );
}

function BlockView({ block }: { readonly block: Block }) {
  switch (block.kind) {
    case 'heading':
      return block.level === 2 ? (
        <h2 id={block.id} className="ds-heading" data-size="sm">
          {block.text}
        </h2>
      ) : (
        <h3 id={block.id} className="ds-heading" data-size="xs">
          {block.text}
        </h3>
      );
    case 'paragraph':
      return (
        <p className="ds-paragraph">
          <Inlines inlines={block.inlines} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i}>
          <Inlines inlines={item} />
        </li>
      ));
      return block.ordered ? (
        <ol className="legal-list">{items}</ol>
      ) : (
        <ul className="legal-list">{items}</ul>
      );
    }
  }
}

function Inlines({ inlines }: { readonly inlines: readonly Inline[] }) {
  const isPage = useIsPage();
  return (
    <>
      {inlines.map((inline, i) => {
        switch (inline.kind) {
          case 'text':
            return <Fragment key={i}>{inline.text}</Fragment>;
          case 'strong':
            return <strong key={i}>{inline.text}</strong>;
          case 'link':
            if (/^https:\/\//.test(inline.href))
              return (
                <a key={i} className="ds-link" href={inline.href} rel="noopener noreferrer">
                  {inline.text}
                </a>
              );
            if (inline.href.startsWith('/') && isPage(inline.href))
              return (
                <Link key={i} className="ds-link" to={inline.href}>
                  {inline.text}
                </Link>
              );
            return <Fragment key={i}>{inline.text}</Fragment>;
        }
      })}
    </>
  );
}
