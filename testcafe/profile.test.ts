// The profile in the browser: /endre-profil, reached from the home page's "Profil"
// group, shows what the identity provider owns (name, birth date, login e-mail) with a link to
// change it there; a subscriber first types a phone number that cannot be one, sees requirements §5's
// message, corrects it (a foreign number in bokmål on FVN, a Norwegian one in nynorsk on FIR),
// saves, and finds it saved after a reload. The nynorsk journey follows the link to the
// embedded provider's account page and back. axe runs on every page, the error state included.
import { Selector } from 'testcafe';

import { currentUrl, expectAccessible, expectScreen, port, signIn, titleUrl } from './support';

fixture('Profile: phone number, identity-owned fields').clientScripts({
  path: require.resolve('axe-core/axe.min.js'),
});

const button = (name: string) => Selector('button').withExactText(name);
const link = (name: string) => Selector('a').withExactText(name);
const phone = Selector('#field-phoneNumber');
const main = Selector('main');
const identityCard = Selector('section.identity-details');
const errorSummary = Selector('.ds-error-summary');

test.page(titleUrl('FVN', '/'))(
  'a subscriber corrects a bad phone number on the profile and finds it saved (bokmål)',
  async (t) => {
    await signIn(t, 'familie@demo.minside.no');
    await expectScreen(t, 'Hei, Frida!');
    await t.click(Selector('nav').find('a').withExactText('Profilen din'));
    await expectScreen(t, 'Profilen din');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/endre-profil'));
    await t.expect(phone.exists).ok({ timeout: 10000 });
    // The name, birth date and login e-mail are the identity provider's: shown, not edited.
    await t.expect(identityCard.withText('Fra innloggingskontoen din').exists).ok();
    await t
      .expect(identityCard.find('a').withExactText('Endre hos innloggingstjenesten').exists)
      .ok();
    await t.expect(Selector('#field-firstName').exists).notOk();
    await expectAccessible(t);

    await t.typeText(phone, '123 45 678', { replace: true }).click(button('Lagre endringene'));
    await t.expect(errorSummary.focused).ok();
    await t.expect(errorSummary.withText('Telefonnummeret er ugyldig').exists).ok();
    await t.expect(phone.getAttribute('aria-invalid')).eql('true');
    await expectAccessible(t);

    await t
      .typeText(phone, '+46 70 123 45 67', { replace: true })
      .click(button('Lagre endringene'));
    await t.expect(main.withText('Profilen er lagret.').exists).ok({ timeout: 10000 });
    await expectAccessible(t);

    // Stored, in E.164, as a reload shows.
    await t.navigateTo(titleUrl('FVN', '/endre-profil'));
    await expectScreen(t, 'Profilen din');
    await t.expect(phone.value).eql('+46701234567', { timeout: 10000 });
  },
);

test.page(titleUrl('FIR', '/endre-profil'))(
  'a subscriber corrects a bad phone number in nynorsk and visits the login account page',
  async (t) => {
    await signIn(t, 'digital@demo.minside.no');
    await expectScreen(t, 'Profilen din');
    await t.expect(phone.exists).ok({ timeout: 10000 });
    await t.expect(identityCard.withText('Frå innloggingskontoen din').exists).ok();
    await t.expect(identityCard.withText('30. september 1979').exists).ok();
    await expectAccessible(t);

    await t.typeText(phone, '12345678', { replace: true }).click(button('Lagre endringane'));
    await t.expect(errorSummary.focused).ok();
    await t.expect(errorSummary.withText('Telefonnummeret er ugyldig').exists).ok();
    await expectAccessible(t);

    await t.typeText(phone, '912 34 567', { replace: true }).click(button('Lagre endringane'));
    await t.expect(main.withText('Profilen er lagra.').exists).ok({ timeout: 10000 });

    await t.navigateTo(titleUrl('FIR', '/endre-profil'));
    await expectScreen(t, 'Profilen din');
    await t.expect(phone.value).eql('912 34 567', { timeout: 10000 });

    // Where the name and birth date are changed: the provider's own page, and back.
    await t.click(identityCard.find('a').withExactText('Endre hos innloggingstenesta'));
    await t.expect(Selector('h1').withExactText('Kontoen din').exists).ok({ timeout: 10000 });
    await t.expect(Selector('#givenName').value).eql('Dag');
    await t.expect(currentUrl()).contains(`localhost:${port}/idp/account?client_id=minside-firda`);
    await expectAccessible(t);
    await t.click(link('Tilbake til Firda'));
    await expectScreen(t, 'Profilen din');
  },
);
