// One vocabulary of numbers on every screen, in both languages: a reader is shown the customer
// number («Kundenummer», for the subscription: customer service, invoices, e-mails) and an
// order's reference, never the billing account's or the subscription's internal numbers
// («Abonnentnummer», «Abonnementsnummer»), which only made three numbers of one purchase.
// «Kontonummer» reads as a bank account to a Norwegian reader, so it is kept for the one bank
// account the screens show: the title's account a giro invoice is paid to (keys named payee-…).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

const CUSTOMER_NUMBER_TERM = 'Kundenummer';

const root = path.resolve(import.meta.dirname, '../../locales');
type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[name, value] as [string, string]] : flatten(value, name);
  });
}

const texts = ['nb', 'nn'].flatMap((language) =>
  readdirSync(path.join(root, language))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      flatten(JSON.parse(readFileSync(path.join(root, language, file), 'utf8')) as Catalogue).map(
        ([key, text]) => ({ where: `${language}/${file}:${key}`, key, text }),
      ),
    ),
);

describe('the numbers a reader is shown', () => {
  it(`labels the customer number «${CUSTOMER_NUMBER_TERM}» wherever a screen shows it`, () => {
    const labels = texts.filter(({ key }) => /(^|\.)customer-number$/.test(key));
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter(({ text }) => text !== CUSTOMER_NUMBER_TERM)).toEqual([]);
  });

  it('never shows the billing account number or the subscription number', () => {
    expect(texts.filter(({ text }) => /abonnentnummer|abonnementsnummer/i.test(text))).toEqual([]);
  });

  it('is never called «kontonummer», which is kept for the bank account a giro invoice is paid to', () => {
    const strays = texts.filter(
      ({ key, text }) => /kontonummer/i.test(text) && !/(^|\.)payee-[a-z-]+$/.test(key),
    );
    expect(strays).toEqual([]);
  });
});
