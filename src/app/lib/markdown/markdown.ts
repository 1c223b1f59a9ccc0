// The small Markdown of the legal pages (locales/{nb,nn}/legal/*.md): front matter with the
// `updated` date, `#`/`##`/`###` headings, paragraphs, `- ` and `1. ` lists, and inline `**bold**`
// and `[text](href)` links, nothing else (no HTML: what is not understood stays text). Parsed to
// data; the screen renders it as React elements. `{{name}}` placeholders are filled first.

export type Inline =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'strong'; readonly text: string }
  | { readonly kind: 'link'; readonly text: string; readonly href: string };

export type Block =
  | {
      readonly kind: 'heading';
      readonly level: 1 | 2 | 3;
      readonly id: string;
      readonly text: string;
    }
  | { readonly kind: 'paragraph'; readonly inlines: readonly Inline[] }
  | {
      readonly kind: 'list';
      readonly ordered: boolean;
      readonly items: readonly (readonly Inline[])[];
    };

export interface Document {
  /** The front matter's `updated` (YYYY-MM-DD), if any. */
  readonly updated: string | null;
  readonly blocks: readonly Block[];
}

/** Fills `{{name}}` from `values`; an unknown name stays as it is written. */
export const fill = (source: string, values: Readonly<Record<string, string>>): string =>
  source.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

/** A heading's anchor: lower case, Norwegian letters kept, other runs of characters as '-'. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9æøå]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(text: string): Inline[] {
  const inlines: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) inlines.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) inlines.push({ kind: 'strong', text: match[1] });
    else inlines.push({ kind: 'link', text: match[2]!, href: match[3]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) inlines.push({ kind: 'text', text: text.slice(last) });
  return inlines;
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n?/;
const BULLET = /^- (.*)$/;
const NUMBERED = /^\d+\. (.*)$/;
const HEADING = /^(#{1,3}) (.*)$/;

export function parseMarkdown(source: string): Document {
  const text = source.replace(/\r\n?/g, '\n');
  const front = FRONT_MATTER.exec(text);
  const updated = front
    ? (/^updated:\s*(\d{4}-\d{2}-\d{2})\s*$/m.exec(front[1]!)?.[1] ?? null)
    : null;
  const lines = (front ? text.slice(front[0].length) : text).split('\n');
  const blocks: Block[] = [];
  const used = new Map<string, number>();
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length > 0)
      blocks.push({ kind: 'paragraph', inlines: parseInline(paragraph.join(' ')) });
    paragraph = [];
    if (list)
      blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    list = null;
  };

  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const headingText = heading[2]!.trim();
      const base = slug(headingText) || 'del';
      const seen = used.get(base) ?? 0;
      used.set(base, seen + 1);
      blocks.push({
        kind: 'heading',
        level: heading[1]!.length as 1 | 2 | 3,
        id: seen === 0 ? base : `${base}-${seen + 1}`,
        text: headingText,
      });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = !!numbered;
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
      continue;
    }
    if (list) {
      // A line after a list item without a marker continues that item.
      list.items[list.items.length - 1] += ` ${line}`;
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return { updated, blocks };
}
