// Business seats in the browser. bedrift-admin@ runs Kystbyen Regnskap AS's agreement
// on FVN (domain demo.minside.no, 10 seats, 2 used). In bokmål the admin invites a mixed list
// (a new address, one of another domain, the same address again, one that is no address, an
// employee already there) and sees what would happen to each before sending and what happened
// after; ingen@ opens the link from the development outbox, is signed in with another address
// than the invited one, so the code goes to the invited address and is read from the outbox;
// the admin then sees the employee active and removes them. In nynorsk (the language switch)
// the admin invites ingen@'s own address in a mixed list, ingen@ verifies by the signed-in
// address, and the admin removes her again. axe runs on every page.
// (ingen@ must end without access to FVN: the session journey expects it. Each journey removes
// the seat it gave, which ends it at once.)
import { Selector } from 'testcafe';

import {
  chooseLanguage,
  currentUrl,
  emailsTo,
  expectAccessible,
  expectScreen,
  signIn,
  titleUrl,
} from './support';

fixture('Business seats').clientScripts({ path: require.resolve('axe-core/axe.min.js') });

const LINK = /(https?:\/\/\S+\/bedrift\?invitasjon=\S+)/;
const CODE = /Koden din er (\d{6})\./;

/** The newest invitation link e-mailed to `recipient`. */
async function invitationLink(recipient: string): Promise<string> {
  const link = (await emailsTo(recipient))
    .map((body) => LINK.exec(body)?.[1] ?? '')
    .find((found) => found !== '');
  if (!link) throw new Error(`No invitation link to ${recipient} in the outbox`);
  return link;
}

/** The newest code e-mailed to `recipient`. */
async function newestCode(recipient: string): Promise<string> {
  const code = (await emailsTo(recipient))
    .map((body) => CODE.exec(body)?.[1] ?? '')
    .find((found) => found !== '');
  if (!code) throw new Error(`No code to ${recipient} in the outbox`);
  return code;
}

const main = Selector('main');
const button = (name: string) => Selector('button').withExactText(name);
const heading = (level: number, name: string) => Selector(`h${level}`).withExactText(name);
const field = Selector('textarea[name="addresses"]');
/** A row of a result table, by its address (as sent), with its verdict and reason. */
const resultRow = (email: string) =>
  Selector('table.business-results tbody th').withExactText(email).parent('tr');
/** A row of the employees' table, by its address (an active one's name follows it). */
const userRow = (email: string) =>
  Selector('table.business-users tbody th').withText(email).parent('tr');
const seats = (text: string) => Selector('.business-summary dd').withExactText(text);

const ADMIN = 'bedrift-admin@demo.minside.no';
const EMPLOYEE = 'ingen@demo.minside.no';
const NEW_ADDRESS = 'ny.kollega@demo.minside.no';

test.page(titleUrl('FVN', '/administrer-bedrift'))(
  'an admin invites a mixed list, an employee verifies with the e-mailed code, and the admin removes her',
  async (t) => {
    await signIn(t, ADMIN);
    await expectScreen(t, 'Administrer bedriftens abonnement');
    await t.expect(seats('2 av 10 brukt, 8 ledige').exists).ok({ timeout: 10000 });
    await t.expect(userRow('bedrift-ansatt@demo.minside.no').withText('Aktiv').exists).ok();
    await t.expect(userRow('ny.ansatt@demo.minside.no').withText('Invitert').exists).ok();
    await expectAccessible(t);

    // Before: what would happen to each address.
    await t.typeText(
      field,
      `${NEW_ADDRESS}, ola@gmail.com\nNy.Kollega@demo.minside.no; ikke-en-adresse bedrift-ansatt@demo.minside.no`,
      { paste: true },
    );
    await t.expect(main.withText('Adresser i listen: 5').exists).ok();
    await t.click(button('Sjekk adressene'));
    await t.expect(heading(3, 'Slik blir invitasjonene').focused).ok({ timeout: 10000 });
    await t.expect(resultRow(NEW_ADDRESS).withText('Blir invitert').exists).ok();
    await t
      .expect(resultRow('ola@gmail.com').withText('Adressen må slutte på @demo.minside.no.').exists)
      .ok();
    await t
      .expect(
        resultRow('Ny.Kollega@demo.minside.no').withText('Står også lenger opp i listen.').exists,
      )
      .ok();
    await t
      .expect(
        resultRow('ikke-en-adresse').withText('Dette er ikke en gyldig e-postadresse.').exists,
      )
      .ok();
    await t
      .expect(
        resultRow('bedrift-ansatt@demo.minside.no').withText('allerede invitert eller har tilgang')
          .exists,
      )
      .ok();
    await t.expect(main.withText('Etter utsendingen er 3 av 10 plasser brukt.').exists).ok();
    await expectAccessible(t);

    // After: what happened to each.
    await t.click(button('Send invitasjonen'));
    await t.expect(heading(3, 'Resultat av utsendingen').focused).ok({ timeout: 10000 });
    await t.expect(heading(2, 'Noen e-poster ble ikke sendt').exists).ok();
    await t.expect(resultRow(NEW_ADDRESS).withText('Invitert').exists).ok();
    await t.expect(resultRow('ola@gmail.com').withText('Ikke sendt').exists).ok();
    await t.expect(seats('3 av 10 brukt, 7 ledige').exists).ok({ timeout: 10000 });
    await t.expect(userRow(NEW_ADDRESS).withText('Invitert').exists).ok();
    await expectAccessible(t);

    // The employee opens the link, signed in with another address: a code to the invited one.
    const link = await invitationLink(NEW_ADDRESS);
    await t.expect(link).contains(titleUrl('FVN', '/bedrift?invitasjon='));
    await t.deleteCookies();
    await t.navigateTo(link);
    await signIn(t, EMPLOYEE);
    await expectScreen(t, 'Invitasjon fra bedriften');
    await t
      .expect(main.withText(`Du er logget inn som ${EMPLOYEE}.`).exists)
      .ok({ timeout: 10000 });
    await expectAccessible(t);
    await t.click(button('Bekreft invitasjonen'));
    await t.expect(heading(2, 'Bekreft med en kode').focused).ok({ timeout: 10000 });
    await t
      .expect(main.withText('Invitasjonen fra Kystbyen Regnskap AS ble sendt til n').exists)
      .ok();
    await expectAccessible(t);
    await t.click(Selector('button').withText('Send kode til'));
    await t.expect(heading(2, 'Skriv inn koden').focused).ok({ timeout: 10000 });
    const code = await newestCode(NEW_ADDRESS);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await t.typeText(Selector('#field-code'), wrong).click(button('Bekreft koden'));
    await t.expect(main.withText('Koden stemmer ikke').exists).ok({ timeout: 10000 });
    await t.expect(main.withText('Du har 4 forsøk igjen.').exists).ok();
    await expectAccessible(t);
    await t
      .typeText(Selector('#field-code'), code, { replace: true })
      .click(button('Bekreft koden'));
    await t.expect(heading(2, 'Du har tilgang').focused).ok({ timeout: 15000 });
    await t
      .expect(
        main.withText(
          'Nå leser du Fædrelandsvennen gjennom bedriftsabonnementet til Kystbyen Regnskap AS.',
        ).exists,
      )
      .ok();
    await expectAccessible(t);
    await t.click(Selector('a').withExactText('Tilbake til Min side'));
    await expectScreen(t, 'Hei, Ingrid!');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/'));
    await t.expect(main.withText('bedriftsabonnement fra arbeidsgiveren din').exists).ok();

    // The admin sees her active and removes her; the seat is free again.
    await t.deleteCookies();
    await t.navigateTo(titleUrl('FVN', '/administrer-bedrift'));
    await signIn(t, ADMIN);
    await expectScreen(t, 'Administrer bedriftens abonnement');
    await t.expect(userRow(NEW_ADDRESS).withText('Aktiv').exists).ok({ timeout: 10000 });
    await t.expect(userRow(NEW_ADDRESS).withText('Ingrid Uten').exists).ok();
    await t.click(Selector('button').withAttribute('aria-label', `Fjern ${NEW_ADDRESS}`));
    await t.expect(heading(3, `Fjerne ${NEW_ADDRESS}?`).focused).ok();
    await expectAccessible(t);
    await t.click(button('Ja, fjern'));
    await t.expect(heading(3, 'Resultat av fjerningen').focused).ok({ timeout: 10000 });
    await t.expect(main.withText('Fjernet: 1 av 1.').exists).ok();
    await t.expect(resultRow(NEW_ADDRESS).withText('Fjernet').exists).ok();
    await t.expect(userRow(NEW_ADDRESS).exists).notOk({ timeout: 10000 });
    await t.expect(seats('2 av 10 brukt, 8 ledige').exists).ok();
    await expectAccessible(t);
  },
);

test.page(titleUrl('FVN', '/administrer-bedrift'))(
  'in nynorsk: an admin invites a mixed list, the employee verifies by her address, and is removed',
  async (t) => {
    await signIn(t, ADMIN);
    await expectScreen(t, 'Administrer bedriftens abonnement');
    await chooseLanguage(t, 'Nynorsk');
    await expectScreen(t, 'Administrer abonnementet til bedrifta');
    await t.expect(seats('2 av 10 brukte, 8 ledige').exists).ok({ timeout: 10000 });
    await expectAccessible(t);

    await t.typeText(field, `${EMPLOYEE}\nkari@eksempel.no\n${EMPLOYEE.toUpperCase()}\nkari@`, {
      paste: true,
    });
    await t.click(button('Sjekk adressene'));
    await t.expect(heading(3, 'Slik blir invitasjonane').focused).ok({ timeout: 10000 });
    await t.expect(resultRow(EMPLOYEE).withText('Blir invitert').exists).ok();
    await t
      .expect(
        resultRow('kari@eksempel.no').withText('Adressa må slutte på @demo.minside.no.').exists,
      )
      .ok();
    await t
      .expect(resultRow(EMPLOYEE.toUpperCase()).withText('Står òg lenger oppe i lista.').exists)
      .ok();
    await t
      .expect(resultRow('kari@').withText('Dette er ikkje ei gyldig e-postadresse.').exists)
      .ok();
    await expectAccessible(t);
    await t.click(button('Send invitasjonen'));
    await t.expect(heading(3, 'Resultat av utsendinga').focused).ok({ timeout: 10000 });
    await t.expect(heading(2, 'Nokre e-postar vart ikkje sende').exists).ok();
    await t.expect(resultRow(EMPLOYEE).withText('Invitert').exists).ok();
    await t.expect(resultRow('kari@eksempel.no').withText('Ikkje sendt').exists).ok();
    await expectAccessible(t);

    // The invitee opens the link signed in with the invited address: done at once. (The
    // language choice stays on this device.)
    const link = await invitationLink(EMPLOYEE);
    await t.deleteCookies();
    await t.navigateTo(link);
    await signIn(t, EMPLOYEE);
    await expectScreen(t, 'Invitasjon frå bedrifta');
    await expectAccessible(t);
    await t.click(button('Stadfest invitasjonen'));
    await t.expect(heading(2, 'Du har tilgang').focused).ok({ timeout: 15000 });
    await t
      .expect(
        main.withText('No les du Fædrelandsvennen gjennom bedriftsabonnementet til Kystbyen')
          .exists,
      )
      .ok();
    await t.expect(main.withText('Alt innhald på nett og i appen').exists).ok();
    await expectAccessible(t);

    // The link is spent.
    await t.navigateTo(link);
    await expectScreen(t, 'Invitasjon frå bedrifta');
    await t.click(button('Stadfest invitasjonen'));
    await t.expect(heading(2, 'Invitasjonen er allereie brukt').exists).ok({ timeout: 15000 });
    await expectAccessible(t);

    // The admin removes her among the chosen ones.
    await t.deleteCookies();
    await t.navigateTo(titleUrl('FVN', '/administrer-bedrift'));
    await signIn(t, ADMIN);
    await expectScreen(t, 'Administrer abonnementet til bedrifta');
    await t.expect(userRow(EMPLOYEE).withText('Aktiv').exists).ok({ timeout: 10000 });
    await t.click(userRow(EMPLOYEE).find('input[type="checkbox"]'));
    await t.click(button('Fjern valde (1)'));
    await t.expect(heading(3, `Fjerne ${EMPLOYEE}?`).focused).ok();
    await t.click(button('Ja, fjern'));
    await t.expect(heading(3, 'Resultat av fjerninga').focused).ok({ timeout: 10000 });
    await t.expect(resultRow(EMPLOYEE).withText('Fjerna').exists).ok();
    await t.expect(userRow(EMPLOYEE).exists).notOk({ timeout: 10000 });
    await expectAccessible(t);
  },
);
