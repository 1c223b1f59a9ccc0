// Connecting a subscription and editing profile data in the browser: /koble-bruker
// finds papir's FIR subscription by the phone number on it (in nynorsk, FIR's language), with
// the SMS code read from the development outbox (a wrong code first, then a resent one), and
// connects it to ingen; papir edits the delivery address with a validation error first, and
// the contact details. axe runs on every page.
import { Selector } from 'testcafe';

import { currentUrl, expectAccessible, expectScreen, port, signIn, titleUrl } from './support';

fixture('Connect a subscription, contact details and delivery address').clientScripts({
  path: require.resolve('axe-core/axe.min.js'),
});

interface OutboxMessage {
  readonly channel: string;
  readonly recipient: string;
  readonly body: string;
}

const SMS_CODE = /^Koden din for Min Side er (\d{6})\./;

/** The codes sent by SMS to `recipient`, newest first (GET /dev/outbox on the same server). */
async function smsCodes(recipient: string): Promise<string[]> {
  const response = await fetch(`http://localhost:${port}/dev/outbox`);
  const messages = (await response.json()) as OutboxMessage[];
  return messages
    .filter((m) => m.channel === 'sms' && m.recipient === recipient)
    .map((m) => SMS_CODE.exec(m.body)?.[1] ?? '')
    .filter((code) => code !== '');
}

const button = (name: string) => Selector('button').withExactText(name);
const field = (name: string) => Selector(`#field-${name}`);
const main = Selector('main');

// papir@demo.minside.no's phone; its FIR subscription is the one found and connected.
const PAPIR_PHONE = '+47 400 00 003';

// FIR is a nynorsk title: this journey reads the nynorsk texts.
test.page(titleUrl('FIR', '/koble-bruker'))(
  'a user finds a subscription by phone, proves it with the SMS code and connects it',
  async (t) => {
    await signIn(t, 'ingen@demo.minside.no');
    await expectScreen(t, 'Kople abonnement til brukaren din');
    await t.expect(currentUrl()).eql(titleUrl('FIR', '/koble-bruker'));
    await expectAccessible(t);

    // requirements §5 first: a phone number that cannot be one.
    await t
      .click(Selector('#connect-method-phone'))
      .typeText(field('phone'), '400 00')
      .click(button('Send kode'));
    await t.expect(Selector('.ds-error-summary').focused).ok();
    await t.expect(main.withText('Telefonnummeret er ugyldig').exists).ok();
    await t.typeText(field('phone'), '400 00 003', { replace: true }).click(button('Send kode'));
    await t.expect(Selector('h2').withExactText('Skriv inn koden').focused).ok({ timeout: 10000 });
    await t
      .expect(
        main.withText(
          'Dersom vi fann eit abonnement, har vi sendt ein kode på SMS til telefonnummeret som står på det',
        ).exists,
      )
      .ok();
    await t.expect(field('code').getAttribute('autocomplete')).eql('one-time-code');
    await t.expect(field('code').getAttribute('inputmode')).eql('numeric');
    await expectAccessible(t);

    const sent = await smsCodes(PAPIR_PHONE);
    await t.expect(sent.length).eql(1);
    const [first] = sent;
    await t.expect(first).match(/^\d{6}$/);
    const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
    await t.typeText(field('code'), wrong).click(button('Stadfest koden'));
    await t.expect(main.withText('Koden stemmer ikkje').exists).ok();
    await t.expect(main.withText('Du har 4 forsøk att.').exists).ok();

    // A new code replaces the first one: the newest SMS holds it.
    await t.click(button('Send koden på nytt'));
    await t.expect(main.withText('har vi sendt ein ny kode på SMS').exists).ok({ timeout: 10000 });
    const codes = await smsCodes(PAPIR_PHONE);
    await t.expect(codes.length).eql(2);
    await t.typeText(field('code'), codes[0]!, { replace: true }).click(button('Stadfest koden'));

    await t
      .expect(Selector('h2').withExactText('Abonnementet er kopla til brukaren din').exists)
      .ok({ timeout: 10000 });
    await expectAccessible(t);
    await t.click(Selector('a').withExactText('Tilbake til Mi side'));
    await expectScreen(t, 'Hei, Ingrid!');
    await t.expect(currentUrl()).eql(titleUrl('FIR', '/'));
    await t.expect(main.withText('Papir + digital').exists).ok();
  },
);

test.page(titleUrl('FVN', '/leveringsadresse'))(
  'a paper subscriber corrects a validation error and saves the delivery address',
  async (t) => {
    await signIn(t, 'papir@demo.minside.no');
    await expectScreen(t, 'Leveringsadresse');
    await t.expect(field('street').value).eql('Dronningens gate', { timeout: 10000 });
    await t.expect(field('postalCode').value).eql('4610');
    await expectAccessible(t);

    await t
      .selectText(field('streetNumber'))
      .pressKey('delete')
      .typeText(field('postalCode'), '46', { replace: true })
      .click(button('Lagre adressen'));
    const summary = Selector('.ds-error-summary');
    await t.expect(summary.focused).ok();
    await t.expect(summary.withText('Gatenummer er påkrevd').exists).ok();
    await t.expect(summary.withText('Postnummeret må være fire siffer').exists).ok();
    await t.expect(field('streetNumber').getAttribute('aria-invalid')).eql('true');
    await expectAccessible(t);

    await t
      .click(summary.find('a').withExactText('Gatenummer er påkrevd'))
      .expect(field('streetNumber').focused)
      .ok()
      .typeText(field('streetNumber'), '21B');

    // A postal code the register does not know is said at once and refused; nothing is lost.
    await t.typeText(field('postalCode'), '0000', { replace: true });
    await t.expect(main.withText('Vi finner ikke postnummer 0000.').exists).ok({ timeout: 10000 });
    await t.click(button('Lagre adressen'));
    await t.expect(summary.withText('Postnummeret finnes ikke').exists).ok();
    await t.expect(field('streetNumber').value).eql('21B');
    await expectAccessible(t);

    // A known one fills the place in from the register.
    await t.typeText(field('postalCode'), '4612', { replace: true });
    await t.expect(field('place').value).eql('Kristiansand S', { timeout: 10000 });
    await t.expect(main.withText('Postnummer 4612 er Kristiansand S.').exists).ok();
    await t.click(button('Lagre adressen'));
    await t.expect(main.withText('Leveringsadressen er lagret.').exists).ok({ timeout: 10000 });
    await expectAccessible(t);

    // Stored: a fresh page shows the new address.
    await t.navigateTo(titleUrl('FVN', '/leveringsadresse'));
    await expectScreen(t, 'Leveringsadresse');
    await t.expect(field('streetNumber').value).eql('21B', { timeout: 10000 });
    await t.expect(field('postalCode').value).eql('4612');
    await t.expect(field('place').value).eql('Kristiansand S');
  },
);

test.page(titleUrl('FVN', '/kontakt'))(
  'a subscriber corrects an e-mail address and saves the contact details',
  async (t) => {
    await signIn(t, 'papir@demo.minside.no');
    await expectScreen(t, 'Kontaktinformasjon');
    // The name is the identity provider's: shown, not edited here.
    await t.expect(Selector('section.identity-details').withText('Per Papir').exists).ok({
      timeout: 10000,
    });
    await t.expect(field('firstName').exists).notOk();
    await t.expect(field('phoneNumber').value).eql('400 00 003');
    await expectAccessible(t);

    await t
      .typeText(field('email'), 'per.papir@', { replace: true })
      .click(button('Lagre endringene'));
    await t
      .expect(
        Selector('.ds-error-summary').withText('Vennligst skriv en gyldig e-postadresse').exists,
      )
      .ok();
    await t
      .typeText(field('email'), 'per.papir@example.no', { replace: true })
      .typeText(field('phoneNumber'), '400 00 033', { replace: true })
      .click(button('Lagre endringene'));
    await t.expect(main.withText('Kontaktinformasjonen er lagret.').exists).ok({ timeout: 10000 });
    await expectAccessible(t);

    await t.navigateTo(titleUrl('FVN', '/kontakt'));
    await expectScreen(t, 'Kontaktinformasjon');
    await t.expect(field('email').value).eql('per.papir@example.no', { timeout: 10000 });
    await t.expect(field('phoneNumber').value).eql('400 00 033');

    // papir@'s details back as seeded: a journey after this one on the same server reads papir@'s
    // receipts at that address (pay-invoice.test.ts).
    await t
      .typeText(field('email'), 'papir@demo.minside.no', { replace: true })
      .typeText(field('phoneNumber'), '400 00 003', { replace: true })
      .click(button('Lagre endringene'));
    await t.expect(main.withText('Kontaktinformasjonen er lagret.').exists).ok({ timeout: 10000 });
  },
);
