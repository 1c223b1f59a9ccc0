// The copy read for a person (features/privacy/dataCopy.ts): every part the contract's
// PersonalData has is shown in exactly one group, so a part added to the copy cannot go unread
// on the page; and every heading and label it names is in both catalogues.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';

import { GROUPS, slug } from '../../../../src/app/features/privacy/dataCopy';

const root = path.resolve(import.meta.dirname, '../../../..');
const contract = parse(readFileSync(path.join(root, 'openapi/minside.yaml'), 'utf8')) as {
  components: { schemas: { PersonalData: { properties: Record<string, unknown> } } };
};

type Catalogue = { [key: string]: string | Catalogue };
const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(path.join(root, 'locales', language, 'privacy.json'), 'utf8'),
  ) as Catalogue;

/** The text at a dotted key, or undefined. */
function at(tree: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

describe('the copy read for a person', () => {
  it('shows every part of the contract’s copy in one group, and nothing else', () => {
    const parts = GROUPS.flatMap((group) => group.parts.map((view) => view.part));
    const contractParts = Object.keys(contract.components.schemas.PersonalData.properties).filter(
      (key) => key !== 'generatedAt',
    );
    expect([...parts].sort()).toEqual([...contractParts].sort());
    expect(new Set(parts).size).toBe(parts.length);
  });

  it.each(['nb', 'nn'])('has every heading and label it names in %s', (language) => {
    const words = catalogue(language);
    const keys = GROUPS.flatMap((group) => [
      `privacy.export.group.${group.group}`,
      ...group.parts.flatMap((view) => [
        `privacy.export.part.${kebab(view.part)}`,
        ...view.fields.map((field) => `privacy.export.label.${field.label}`),
      ]),
    ]);
    expect(keys.filter((key) => !at(words, key))).toEqual([]);
  });

  it('turns the database’s codes into catalogue keys', () => {
    expect(
      [
        'emailSent',
        'SWEDBANK-PPG',
        'FIRST_MONTH_1KR',
        'startShare',
        'samtykke1',
        'owner-ended',
      ].map(slug),
    ).toEqual([
      'email-sent',
      'swedbank-ppg',
      'first-month-1kr',
      'start-share',
      'samtykke1',
      'owner-ended',
    ]);
  });
});
