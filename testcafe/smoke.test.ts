// Smoke journey: the built product serves each title on its own host with its own name,
// document title, language and brand, and the API answers.
import { Selector } from 'testcafe';

import {
  brandHref,
  documentLang,
  documentTitle,
  expectAccessible,
  expectScreen,
  port,
  rootClasses,
  titleUrl,
} from './support';

fixture('Smoke: one product, many titles').clientScripts({
  path: require.resolve('axe-core/axe.min.js'),
});

test.page(titleUrl('FVN', '/kundeservice'))(
  'Fædrelandsvennen on fvn.localhost: its name, title and brand',
  async (t) => {
    await expectScreen(t, 'Kundeservice');
    await t.expect(Selector('footer').withText('Fædrelandsvennen').exists).ok();
    await t.expect(documentTitle()).eql('Min Side - Fædrelandsvennen');
    await t.expect(documentLang()).eql('nb');
    await t.expect(rootClasses()).contains('title-fvn-no');
    await t.expect(brandHref()).eql('/brands/fvn.css');
    await expectAccessible(t);
  },
);

test.page(titleUrl('FIR', '/kundeservice'))(
  'Firda on fir.localhost: its name, in nynorsk, its own brand',
  async (t) => {
    await expectScreen(t, 'Kundeservice');
    await t.expect(Selector('footer').withText('Firda').exists).ok();
    await t.expect(documentTitle()).eql('Min Side - Firda');
    await t.expect(documentLang()).eql('nn');
    await t.expect(rootClasses()).contains('title-firda-no');
    await t.expect(brandHref()).eql('/brands/fir.css');
    await expectAccessible(t);
  },
);

test.page(titleUrl('FVN', '/kundeservice'))(
  'the API answers, and problem+json for an unknown route',
  async (t) => {
    const response = await t.request(`http://localhost:${port}/api/does-not-exist`);
    await t.expect(response.status).eql(404);
    const headers = response.headers as Record<string, string>;
    await t.expect(headers['content-type']).contains('application/problem+json');
    const title = await t.request(`http://localhost:${port}/api/title/ADR`);
    await t.expect(title.status).eql(200);
    await t.expect((title.body as { name: string }).name).eql('Adresseavisen');
  },
);
