// The HTML part of a letter (letter.ts), in the title's brand, with React Email's components:
// tables for layout and inline styles, which is what mail programs (Outlook among them) render
// alike. The title's name stands in its accent colour (at least 4.5:1 against white, the
// registry's promise), the text in its dark neutral; one button for the next step; the facts as a
// real table with row headers; the language set on <html> so a screen reader reads Norwegian.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

import { letterContext, organisationNumber, type Block, type Letter } from './letter';

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const ADDRESS = /https?:\/\/[^\s]+?(?=[.,;:!?)]*(?:\s|$))/g;

/** A line with its web addresses as links, shown without the scheme. */
function linked(line: string, color: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(ADDRESS)) {
    const at = match.index;
    if (at > last) parts.push(line.slice(last, at));
    parts.push(
      <Link key={at} href={match[0]} style={{ color, textDecoration: 'underline' }}>
        {match[0].replace(/^https?:\/\//, '')}
      </Link>,
    );
    last = at + match[0].length;
  }
  if (last < line.length) parts.push(line.slice(last));
  return parts;
}

const text = { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' } as const;

function BlockView({ block, accent }: { block: Block; accent: string }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <>
          {block.lines.map((line, i) => (
            <Text key={i} style={text}>
              {linked(line, accent)}
            </Text>
          ))}
        </>
      );
    case 'facts':
      return (
        <table
          style={{
            borderCollapse: 'collapse',
            width: '100%',
            margin: '0 0 16px',
            fontSize: '16px',
          }}
        >
          <tbody>
            {block.rows.map((row) => (
              <tr key={row.label} style={{ borderBottom: '1px solid #e3e5e8' }}>
                <th
                  scope="row"
                  style={{
                    textAlign: 'left',
                    fontWeight: 600,
                    padding: '8px 16px 8px 0',
                    verticalAlign: 'top',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {row.label}
                </th>
                <td style={{ padding: '8px 0', verticalAlign: 'top' }}>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'action':
      return (
        <Section style={{ margin: '8px 0 24px' }}>
          <Button
            href={block.url}
            style={{
              backgroundColor: accent,
              color: '#ffffff',
              borderRadius: '4px',
              padding: '12px 20px',
              fontSize: '16px',
              fontWeight: 600,
              textDecoration: 'none',
            }}
          >
            {block.label}
          </Button>
        </Section>
      );
  }
}

export function LetterHtml({ letter }: { letter: Letter }) {
  const { title, language, host, closing: c } = letterContext(letter.titleCode);
  const { accent, neutral } = title.brand;
  const firstLine = letter.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.lines : []))[0];
  return (
    <Html lang={language}>
      <Head>
        <meta name="color-scheme" content="light" />
        <title>{letter.subject}</title>
      </Head>
      {firstLine ? <Preview>{firstLine}</Preview> : null}
      <Body style={{ backgroundColor: '#f2f3f5', fontFamily: FONT, color: neutral, margin: 0 }}>
        <Container style={{ maxWidth: '600px', backgroundColor: '#ffffff' }}>
          <Section style={{ backgroundColor: accent, padding: '20px 24px' }}>
            <Text style={{ color: '#ffffff', fontSize: '22px', fontWeight: 700, margin: 0 }}>
              {title.displayName}
            </Text>
          </Section>
          <Section style={{ padding: '24px 24px 8px' }}>
            <Heading as="h1" style={{ fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' }}>
              {letter.subject}
            </Heading>
            <Text style={text}>{letter.greeting}</Text>
            {letter.blocks.map((block, i) => (
              <BlockView key={i} block={block} accent={accent} />
            ))}
            <Text style={text}>
              {linked(
                c.questions(title.customerCenterPhoneNumber, title.customerCenterEmail),
                accent,
              )}
            </Text>
            <Text style={{ ...text, margin: 0 }}>{c.bye}</Text>
            <Text style={text}>{title.displayName}</Text>
          </Section>
          <Hr style={{ borderColor: '#e3e5e8', margin: 0 }} />
          <Section style={{ padding: '16px 24px 24px' }}>
            <Text
              style={{ fontSize: '13px', lineHeight: '20px', margin: '0 0 8px', color: neutral }}
            >
              {c.why(title.displayName)}{' '}
              <Link href={`${host}/endre-profil`} style={{ color: accent }}>
                {c.profile}
              </Link>
            </Text>
            <Text style={{ fontSize: '13px', lineHeight: '20px', margin: 0, color: neutral }}>
              {title.displayName} · {c.organisation(organisationNumber(title.organizationNumber))}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
