// Smoke journey: the built product serves each title on its own host, resolves the title through
// the API and shows its name, and the API answers.
import { ClientFunction, Selector } from 'testcafe';

import { expectAccessible, port, titleUrl } from './support';

const documentTitle = ClientFunction(() => document.title);
const documentLang = ClientFunction(() => document.documentElement.lang);

fixture('Smoke: one product, many titles').clientScripts({
  path: require.resolve('axe-core/axe.min.js'),
});

test.page(titleUrl('FVN'))('Fædrelandsvennen on fvn.localhost shows its own name', async (t) => {
  await t.expect(Selector('h1').withText('Fædrelandsvennen').exists).ok({ timeout: 15000 });
  await t.expect(documentTitle()).eql('Min Side - Fædrelandsvennen');
  await t.expect(documentLang()).eql('nb');
  await expectAccessible(t);
});

test.page(titleUrl('FIR'))('Firda on fir.localhost shows its own name in nynorsk', async (t) => {
  await t.expect(Selector('h1').withText('Mi side for Firda').exists).ok({ timeout: 15000 });
  await t.expect(documentTitle()).eql('Min Side - Firda');
  await t.expect(documentLang()).eql('nn');
  await expectAccessible(t);
});

test.page(titleUrl('FVN'))('the API answers problem+json for an unknown route', async (t) => {
  const response = await t.request(`http://127.0.0.1:${port}/api/does-not-exist`);
  await t.expect(response.status).eql(404);
  const headers = response.headers as Record<string, string>;
  await t.expect(headers['content-type']).contains('application/problem+json');
  const title = await t.request(`http://127.0.0.1:${port}/api/title/ADR`);
  await t.expect(title.status).eql(200);
  await t.expect((title.body as { name: string }).name).eql('Adresseavisen');
});
