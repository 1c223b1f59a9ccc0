// Family sharing in the browser: digital@ (Dag Digital) shares his subscription. On
// FVN (bokmål) he invites ny@ by e-mail and withdraws the invitation that was waiting; the link
// is read from the development outbox and opened as ny@, who signs in, sees who invited her and
// to what, accepts and lands on /deling-akseptert; the spent link then says it is used. On FIR
// (nynorsk) he invites by SMS and by e-mail, withdraws the SMS one, and ny@ accepts there too.
// axe runs on every page. (ny@ has no subscription to FVN or FIR, and no other journey gives
// her one; the other journeys do not count digital@'s family.)
import { Selector } from 'testcafe';

import { currentUrl, expectAccessible, expectScreen, port, signIn, titleUrl } from './support';

fixture('Family sharing').clientScripts({ path: require.resolve('axe-core/axe.min.js') });

interface OutboxMessage {
  readonly channel: string;
  readonly recipient: string;
  readonly body: string;
}

const LINK = /(https?:\/\/[^\s]+\/verifiser-familiemedlem\?token=[^\s]+)/;

/** The newest invitation link sent to `recipient` (GET /dev/outbox on the same server). */
async function invitationLink(recipient: string): Promise<string> {
  const response = await fetch(`http://localhost:${port}/dev/outbox`);
  const messages = (await response.json()) as OutboxMessage[];
  const link = messages
    .filter((m) => m.recipient === recipient)
    .map((m) => LINK.exec(m.body)?.[1] ?? '')
    .find((found) => found !== '');
  if (!link) throw new Error(`No invitation link to ${recipient} in the outbox`);
  return link;
}

const button = (name: string) => Selector('button').withText(name);
const main = Selector('main');
const field = (name: string) => Selector(`#field-${name}`);
const seats = (text: string) => Selector('#family-seats-heading').withExactText(text);
/** The card of an open invitation, by its recipient. */
const invitationCard = (recipient: string) =>
  Selector('li.family-item > h3').withExactText(recipient).parent('li');

const INVITEE = 'ny@demo.minside.no';

test.page(titleUrl('FVN', '/familiedeling'))(
  'an owner invites by e-mail and withdraws another invitation; the invitee accepts from the link',
  async (t) => {
    await signIn(t, 'digital@demo.minside.no');
    await expectScreen(t, 'Familiedeling');
    // The demo family: Frida Familie and one invitation waiting.
    await t.expect(seats('2 av 4 plasser brukt').exists).ok({ timeout: 10000 });
    await t.expect(main.withText('Frida Familie').exists).ok();
    await expectAccessible(t);

    // A field message first, then the invitation.
    await t.typeText(field('email'), 'ny@demo', { replace: true }).click(button('Send invitasjon'));
    await t.expect(Selector('.ds-error-summary').focused).ok();
    await t.expect(main.withText('Vennligst skriv en gyldig e-postadresse').exists).ok();
    await t.typeText(field('email'), INVITEE, { replace: true }).click(button('Send invitasjon'));
    const sent = Selector('.ds-alert').withText(`Invitasjonen er sendt på e-post til ${INVITEE}.`);
    await t.expect(sent.exists).ok({ timeout: 10000 });
    await t.expect(sent.focused).ok();
    await t.expect(seats('3 av 4 plasser brukt').exists).ok({ timeout: 10000 });
    await t.expect(invitationCard(INVITEE).exists).ok();
    await expectAccessible(t);

    // The invitation that was waiting is withdrawn: its seat is free.
    await t.click(
      invitationCard('morten.familie@example.no').find('button').withText('Trekk tilbake'),
    );
    const withdrawn = Selector('.ds-alert').withText(
      'Invitasjonen til morten.familie@example.no er trukket tilbake.',
    );
    await t.expect(withdrawn.exists).ok({ timeout: 10000 });
    await t.expect(withdrawn.focused).ok();
    await t.expect(seats('2 av 4 plasser brukt').exists).ok({ timeout: 10000 });
    await t.expect(invitationCard('morten.familie@example.no').exists).notOk();
    await expectAccessible(t);

    // The invitee opens the link from the outbox in a browser without Dag's session.
    const link = await invitationLink(INVITEE);
    await t.expect(link).contains(titleUrl('FVN', '/verifiser-familiemedlem?token='));
    await t.deleteCookies();
    await t.navigateTo(link);
    await signIn(t, INVITEE);
    await expectScreen(t, 'Invitasjon til familiedeling');
    await t
      .expect(Selector('h2').withExactText('Dag Digital vil dele Fædrelandsvennen med deg').exists)
      .ok({ timeout: 10000 });
    await t.expect(main.withText('Alt innhold på nett og i appen').exists).ok();
    await t.expect(main.withText(`Du er logget inn som ${INVITEE}.`).exists).ok();
    await expectAccessible(t);

    await t.click(button('Ja, bli med'));
    await expectScreen(t, 'Velkommen i familiedelingen!');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/deling-akseptert'));
    await t
      .expect(main.withText('Du deler nå abonnementet til Dag Digital på Fædrelandsvennen.').exists)
      .ok({ timeout: 10000 });
    await expectAccessible(t);

    // The link is spent.
    await t.navigateTo(link);
    await t
      .expect(Selector('h2').withExactText('Invitasjonen er allerede brukt').exists)
      .ok({ timeout: 20000 });
    await expectAccessible(t);

    // Min side knows the share.
    await t.navigateTo(titleUrl('FVN', '/familiedeling'));
    await expectScreen(t, 'Familiedeling');
    await t
      .expect(Selector('h2').withExactText('Du deler abonnementet til Dag Digital').exists)
      .ok({ timeout: 10000 });
    await expectAccessible(t);
  },
);

// FIR is a nynorsk title: this journey reads the nynorsk texts.
test.page(titleUrl('FIR', '/familiedeling'))(
  'an owner invites by SMS and e-mail in nynorsk, withdraws the SMS one, and the invitee accepts',
  async (t) => {
    await signIn(t, 'digital@demo.minside.no');
    await expectScreen(t, 'Familiedeling');
    await t.expect(seats('0 av 4 plassar brukte').exists).ok({ timeout: 10000 });
    await t.expect(main.withText('Ingen har blitt med enno.').exists).ok();
    await expectAccessible(t);

    await t
      .click(Selector('#family-invite-method-phone'))
      .typeText(field('phone'), '912 34', { replace: true })
      .click(button('Send invitasjon'));
    await t.expect(main.withText('Telefonnummeret er ugyldig').exists).ok();
    await t
      .typeText(field('phone'), '912 34 567', { replace: true })
      .click(button('Send invitasjon'));
    const bySms = Selector('.ds-alert').withText('Invitasjonen er send på SMS til');
    await t.expect(bySms.exists).ok({ timeout: 10000 });
    await t.expect(bySms.focused).ok();
    await t.expect(seats('1 av 4 plassar brukte').exists).ok({ timeout: 10000 });

    await t
      .click(Selector('#family-invite-method-email'))
      .typeText(field('email'), INVITEE, { replace: true })
      .click(button('Send invitasjon'));
    await t
      .expect(
        Selector('.ds-alert').withText(`Invitasjonen er send på e-post til ${INVITEE}.`).exists,
      )
      .ok({ timeout: 10000 });
    await t.expect(seats('2 av 4 plassar brukte').exists).ok({ timeout: 10000 });
    await expectAccessible(t);

    const smsCard = Selector('li.family-item').withText('Sendt på SMS');
    await t.click(smsCard.find('button').withText('Trekk tilbake'));
    const withdrawn = Selector('.ds-alert').withText('er trekt tilbake');
    await t.expect(withdrawn.exists).ok({ timeout: 10000 });
    await t.expect(withdrawn.focused).ok();
    await t.expect(seats('1 av 4 plassar brukte').exists).ok({ timeout: 10000 });
    await expectAccessible(t);

    const link = await invitationLink(INVITEE);
    await t.expect(link).contains(titleUrl('FIR', '/verifiser-familiemedlem?token='));
    await t.deleteCookies();
    await t.navigateTo(link);
    await signIn(t, INVITEE);
    await expectScreen(t, 'Invitasjon til familiedeling');
    await t.expect(Selector('h2').withText('Dag Digital vil dele').exists).ok({ timeout: 10000 });
    await t.expect(main.withText('Det kostar deg ingenting.').exists).ok();
    await expectAccessible(t);

    await t.click(button('Ja, bli med'));
    await expectScreen(t, 'Velkomen i familiedelinga!');
    await t.expect(currentUrl()).eql(titleUrl('FIR', '/deling-akseptert'));
    await t.expect(main.withText('Du deler no abonnementet til Dag Digital').exists).ok({
      timeout: 10000,
    });
    await expectAccessible(t);
  },
);
