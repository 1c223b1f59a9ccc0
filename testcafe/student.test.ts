// The student offer in the browser. In bokmål on FVN, student-ny@ (registered, code
// not yet typed) goes from /student to the receipt: signs in, asks for a code, types a wrong one
// (CODE_WRONG), uses the code up with wrong tries (INVALID_CODE: the browser cannot wait out the
// 10 minutes; the expiry itself is proven by the server tests with an injected clock), waits for
// the resend (10 s: scripts/e2e.ts sets STUDENT_CODE_RESEND_SECONDS; the minute the product waits
// by default is proven by the server tests), reads the new code from /dev/outbox, pays 49 kr by card in the sandbox and lands on
// /student-kvittering. In nynorsk on FIR, elev@ (16) verifies her school address and is refused
// the purchase (18 or over). Sofie (student@, the student plan) verifies again and keeps it.
// ung-snart-34@ (the youth plan, 34 in 20 days) finds the notice e-mail in the outbox and the
// change on the home page, and chooses yearly in one tap; in nynorsk on Setesdølen at phone
// width. axe runs on every page.
import { Selector } from 'testcafe';

import {
  clickAway,
  currentUrl,
  expectAccessible,
  expectScreen,
  leftSandbox,
  paymentPage,
  port,
  signIn,
  signInPage,
  titleUrl,
} from './support';

fixture('Student offer').clientScripts({ path: require.resolve('axe-core/axe.min.js') });

interface OutboxMessage {
  readonly recipient: string;
  readonly body: string;
}

const CODE = /Koden din er (\d{6})\./;

/** The newest code e-mailed to `recipient` (GET /dev/outbox on the same server). */
async function newestCode(recipient: string): Promise<string> {
  const response = await fetch(`http://localhost:${port}/dev/outbox`);
  const messages = (await response.json()) as OutboxMessage[];
  const code = messages
    .filter((m) => m.recipient === recipient)
    .map((m) => CODE.exec(m.body)?.[1] ?? '')
    .find((found) => found !== '');
  if (!code) throw new Error(`No code to ${recipient} in the outbox`);
  return code;
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const button = (name: string) => Selector('button').withExactText(name);
const link = (name: string) => Selector('a').withExactText(name);
const main = Selector('main');
const field = (name: string) => Selector(`input[name="${name}"]`);

test.page(titleUrl('FVN', '/student'))(
  'a student goes from /student to the receipt, past a wrong and a used-up code',
  async (t) => {
    const email = 'sindre.studentsen@student.uia.no';
    await expectScreen(t, 'Studenttilbud fra Fædrelandsvennen');
    await t
      .expect(Selector('h2').withExactText('kr 49,00 per måned').exists)
      .ok({ timeout: 10000 });
    await expectAccessible(t);
    await clickAway(t, link('Bli studentabonnent'), signInPage);
    await signIn(t, 'student-ny@demo.minside.no');
    await expectScreen(t, 'Bekreft at du er student');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/student-verifisering'));
    await t.expect(field('email').exists).ok({ timeout: 10000 });
    await expectAccessible(t);

    // An address that is no student address first.
    await t.typeText(field('email'), 'sindre@gmail.com').click(button('Send kode'));
    await t
      .expect(
        main.withText('Du må bruke e-postadressen du har fra universitetet eller høgskolen').exists,
      )
      .ok({ timeout: 10000 });
    await t.typeText(field('email'), email, { replace: true }).click(button('Send kode'));
    await t.expect(Selector('h2').withExactText('Skriv inn koden').focused).ok({ timeout: 10000 });
    await t.expect(main.withText('(Universitetet i Agder)').exists).ok();
    await expectAccessible(t);

    const first = await newestCode(email);
    await t.typeText(field('code'), wrongOf(first)).click(button('Bekreft'));
    await t
      .expect(main.withText('Koden er feil. Sjekk sifrene og prøv igjen.').exists)
      .ok({ timeout: 10000 });
    for (let i = 0; i < 4; i++)
      await t.typeText(field('code'), wrongOf(first), { replace: true }).click(button('Bekreft'));
    await t.typeText(field('code'), first, { replace: true }).click(button('Bekreft'));
    await t
      .expect(main.withText('Koden har utløpt eller er brukt. Be om en ny kode.').exists)
      .ok({ timeout: 10000 });
    await expectAccessible(t);

    // The resend waits (STUDENT_CODE_RESEND_SECONDS), then a new code works.
    await t.expect(button('Send ny kode').hasAttribute('disabled')).notOk({ timeout: 20000 });
    await t.click(button('Send ny kode'));
    await t
      .expect(main.withText('Vi har sendt en ny kode. Den forrige virker ikke lenger.').exists)
      .ok({ timeout: 10000 });
    const second = await newestCode(email);
    await t.typeText(field('code'), second, { replace: true }).click(button('Bekreft'));
    await t.expect(main.withText('E-postadressen er bekreftet.').exists).ok({ timeout: 10000 });
    await t.expect(Selector('h2').withExactText('Betal og start abonnementet').exists).ok();
    await expectAccessible(t);

    await clickAway(t, button('Betal kr 49,00'), paymentPage);
    await t.expect(Selector('h1').withText('Betaling (testmiljø)').exists).ok({ timeout: 20000 });
    await clickAway(t, button('Godkjenn betalingen'), leftSandbox);
    await expectScreen(t, 'Takk for bestillingen!');
    await t.expect(currentUrl()).match(/\/student-kvittering\?ordre=ord_[0-9a-f]+$/);
    await t.expect(Selector('dd').withExactText('kr 49,00').exists).ok({ timeout: 10000 });
    await t.expect(main.withText('Du bekrefter studentadressen din én gang i året').exists).ok();
    await expectAccessible(t);
  },
);

test.page(titleUrl('FIR', '/elev-verifisering'))(
  'a pupil of 16 verifies her school address in nynorsk and is refused the purchase',
  async (t) => {
    const email = 'emma.elev@vlfk.no';
    await signIn(t, 'elev@demo.minside.no');
    await expectScreen(t, 'Stadfest at du er elev');
    await t.expect(field('email').exists).ok({ timeout: 10000 });
    await expectAccessible(t);
    await t
      .typeText(field('email'), email)
      .typeText(field('institution'), 'Firda vidaregåande skule')
      .click(button('Send kode'));
    await t.expect(Selector('h2').withExactText('Skriv inn koden').focused).ok({ timeout: 10000 });
    await t.typeText(field('code'), await newestCode(email)).click(button('Stadfest'));
    await t
      .expect(main.withText('Du må vere 18 år eller eldre for å kjøpe eit abonnement.').exists)
      .ok({ timeout: 10000 });
    await t.expect(Selector('button').withText('Betal').exists).notOk();
    await expectAccessible(t);
  },
);

test.page(titleUrl('FVN', '/student-verifisering'))(
  'a student subscriber verifies again and keeps the student plan',
  async (t) => {
    const email = 'sofie.student@stud.ntnu.no';
    await signIn(t, 'student@demo.minside.no');
    await expectScreen(t, 'Bekreft at du er student');
    await t
      .expect(main.withText('Du har studentabonnementet. Bekreft at du fortsatt studerer').exists)
      .ok({ timeout: 10000 });
    await t.typeText(field('email'), email).click(button('Send kode'));
    await t.expect(Selector('h2').withExactText('Skriv inn koden').focused).ok({ timeout: 10000 });
    await t.typeText(field('code'), await newestCode(email)).click(button('Bekreft'));
    await t
      .expect(main.withText('Du er bekreftet som student til og med').exists)
      .ok({ timeout: 10000 });
    await t.expect(main.withText('Studentabonnementet fortsetter som før').exists).ok();
    await t.expect(Selector('button').withText('Betal').exists).notOk();
    await expectAccessible(t);
  },
);

/** The newest e-mail to `recipient` whose first line (the subject) matches. */
async function newestEmail(recipient: string, subject: RegExp): Promise<string> {
  const response = await fetch(`http://localhost:${port}/dev/outbox`);
  const messages = (await response.json()) as OutboxMessage[];
  const found = messages.find((m) => m.recipient === recipient && subject.test(m.body));
  if (!found) throw new Error(`No e-mail ${subject} to ${recipient} in the outbox`);
  return found.body;
}

test.page(titleUrl('FVN', '/'))(
  'a youth subscriber turning 34 is told what the subscription becomes, and chooses yearly',
  async (t) => {
    await t.resizeWindow(1280, 900);
    await signIn(t, 'ung-snart-34@demo.minside.no');
    await expectScreen(t, 'Hei, Tobias!');
    const notice = await newestEmail(
      'ung-snart-34@demo.minside.no',
      /^Abonnementet ditt hos Fædrelandsvennen endres/,
    );
    await t
      .expect(notice)
      .contains('blir abonnementet ditt Premium digital til kr 279,00 per måned');
    const item = Selector('.home-attention-list li').withText('Du fyller 34 år');
    await t.expect(item.exists).ok({ timeout: 10000 });
    await t
      .expect(item.withText('blir abonnementet Premium digital (Månedlig, kr 279,00)').exists)
      .ok();
    await expectAccessible(t);
    const yearly = item.find('button').withText('Årlig');
    await t.click(yearly);
    await t.expect(item.withText('Valget er lagret.').exists).ok({ timeout: 10000 });
    await t.expect(yearly.getAttribute('aria-pressed')).eql('true');
    // The next charge stays the youth price; the subscription's facts are read again.
    await expectAccessible(t);
    await t.click(link('Endre abonnement'));
    await expectScreen(t, 'Endre abonnement');
    await t.expect(main.withText('Du velger hva det skal bli på forsiden av Min side').exists).ok();
    await t.click(link('Velg hva abonnementet skal bli'));
    await t
      .expect(item.find('button[aria-pressed="true"]').withText('Årlig').exists)
      .ok({ timeout: 10000 });
  },
);

test.page(titleUrl('SET', '/'))(
  'in nynorsk at phone width: the reason, the date and the choices',
  async (t) => {
    await t.resizeWindow(390, 844);
    await signIn(t, 'ung-snart-34@demo.minside.no');
    const item = Selector('.home-attention-list li').withText('Du fyller 34 år');
    await t.expect(item.exists).ok({ timeout: 10000 });
    await t.expect(item.withText('er for lesarar under 34').exists).ok();
    await t.expect(item.withText('Vel med eitt trykk').exists).ok();
    await expectAccessible(t);
    await t.resizeWindow(1280, 900);
  },
);
