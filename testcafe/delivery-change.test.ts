// Delivery changes in the browser (/endre-avislevering): papir@ (paper on FVN, and on
// the nynorsk title Firda) goes from the home page's paper section to the screen, sees the cut-off
// and the next possible delivery day, types a Sunday in the date field and is told the paper is
// not out then, registers a vacation stop (and withdraws it again), a cabin
// transfer with the place filled in from the postal code (in nynorsk) and a move; the
// planned changes are listed. A digital subscriber gets the explanation. axe on every page.
import { ClientFunction, Selector } from 'testcafe';

import {
  chooseLanguage,
  currentUrl,
  expectAccessible,
  expectScreen,
  signIn,
  titleUrl,
} from './support';

fixture('Delivery change').clientScripts({ path: require.resolve('axe-core/axe.min.js') });

const PAPER = 'papir@demo.minside.no';

const main = Selector('main');
const button = (name: string) => Selector('button').withExactText(name);
const link = (name: string) => Selector('a').withExactText(name);
const radio = (label: string) => Selector('label').withExactText(label);
const fromDate = Selector('#field-fromDate');
const toDate = Selector('#field-toDate');

/**
 * The delivery days the server offers on the screen (its calendar, from GET …/delivery-changes,
 * asked again in the page with the reader's session): which days are out depends on the date the
 * journey runs (Sundays, holidays), so the journey picks among the server's own.
 */
const offeredDays = ClientFunction((): Promise<string[]> => {
  const url = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /\/delivery-changes$/.test(name))
    .pop();
  if (!url) return Promise.reject(new Error('The screen has not asked for its calendar'));
  return fetch(url, { headers: { 'x-minside-request': '1' } })
    .then((response) => response.json())
    .then((overview: { calendar: { deliveryDays: string[] } }) => overview.calendar.deliveryDays);
});

/** A day as the screen says it: "onsdag 11. mars" (another year's with its year). */
function spokenDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const text = new Intl.DateTimeFormat('nb-NO', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, date)));
  const thisYear = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
  }).format(new Date());
  return String(year) === thisYear ? text : `${text} ${year}`;
}

/** The first day from the `from`-th offered one on that is not offered (a Sunday, a holiday). */
function firstDayNotOffered(days: readonly string[], from: number): string {
  for (let i = from; i + 1 < days.length; i += 1) {
    const next = new Date(`${days[i]}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const day = next.toISOString().slice(0, 10);
    if (!days.includes(day)) return day;
  }
  throw new Error('Every day is offered');
}

/** Types a day (YYYY-MM-DD) into a date field, as the browser's date picker sets it. */
async function chooseDay(t: TestController, field: Selector, day: string): Promise<void> {
  await t.typeText(field, day, { replace: true });
  await t.expect(field.value).eql(day);
}

test.page(titleUrl('FVN', '/'))(
  'a paper subscriber registers a vacation stop from home, sees the price effect, and withdraws it',
  async (t) => {
    await signIn(t, PAPER);
    await expectScreen(t, 'Hei, Per!');
    await t.click(link('Ferie, hytte eller flytting'));
    await expectScreen(t, 'Ferie og endring av levering');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/endre-avislevering'));
    await t
      .expect(main.withText('Endringen må være registrert innen kl. 14:00 dagen før.').exists)
      .ok({ timeout: 20000 });
    await t.expect(main.withText('Første mulige leveringsdag for en endring nå er').exists).ok();
    await t.expect(main.withText('Prisen endres ikke når du stopper papiravisen').exists).ok();
    // The demo data: a planned cabin transfer and a stop in the history.
    await t.expect(Selector('h2').withExactText('Planlagte endringer').exists).ok();
    await t.expect(main.withText('Hytteveien 3, 4640 Søgne').exists).ok();
    await t.expect(Selector('h2').withExactText('Tidligere endringer').exists).ok();
    await expectAccessible(t);

    // Nothing chosen: told what to fix.
    await t.click(button('Registrer endringen'));
    await t.expect(Selector('.ds-error-summary').focused).ok();
    await t.expect(main.withText('Velg hva du vil gjøre').exists).ok();

    await t.click(radio('Stopp levering'));
    const days = await offeredDays();
    // The date fields go from the first to the last day offered.
    await t.expect(fromDate.getAttribute('type')).eql('date');
    await t.expect(fromDate.getAttribute('min')).eql(days[0]!);
    await t.expect(fromDate.getAttribute('max')).eql(days[days.length - 1]!);
    await t.expect(main.withText('Avisen kommer ut mandag til lørdag').exists).ok();
    // A day between them the paper is not out (FVN has no Sunday paper): said before sending.
    const sunday = firstDayNotOffered(days, 40);
    await chooseDay(t, fromDate, sunday);
    await chooseDay(t, toDate, days[50]!);
    await t.click(button('Registrer endringen'));
    await t.expect(Selector('.ds-error-summary').focused).ok();
    await t.expect(main.withText(`Avisen kommer ikke ut ${spokenDay(sunday)}.`).exists).ok();
    await t.expect(fromDate.getAttribute('aria-invalid')).eql('true');
    await expectAccessible(t);

    await chooseDay(t, fromDate, days[40]!);
    await chooseDay(t, toDate, days[45]!);
    await t.expect(main.withText('6 utgaver blir ikke levert.').exists).ok();
    await expectAccessible(t);
    await t.click(button('Registrer endringen'));
    await t.expect(main.withText('Registrert: stopp i leveringen').exists).ok({ timeout: 20000 });
    const planned = Selector('section').withAttribute(
      'aria-labelledby',
      'delivery-change-planned-heading',
    );
    const stop = planned.find('li').withText('Stopp levering');
    await t.expect(stop.exists).ok();
    await t.expect(stop.withText('Kan endres til').exists).ok();
    await expectAccessible(t);

    // Withdrawn again (a second run of the journey finds the same days free).
    await t.click(stop.find('button').withExactText('Trekk tilbake'));
    await t.click(stop.find('button').withExactText('Ja, trekk tilbake'));
    await t
      .expect(main.withText('Trukket tilbake: stopp i leveringen').exists)
      .ok({ timeout: 20000 });
    await t.expect(planned.find('li').withText('Stopp levering').exists).notOk();
    await expectAccessible(t);
  },
);

// On FVN in nynorsk (the language switch), not on Firda: the connect journey, which runs first,
// hands papir's Firda subscription to another reader. Firda's own cut-off (12:00) and stop credit
// are proven by delivery-change.test.ts and DeliveryChangeScreen.test.tsx.
test.page(titleUrl('FVN', '/endre-avislevering'))(
  'in nynorsk: a cabin transfer with the place from the postal code',
  async (t) => {
    await signIn(t, PAPER);
    await expectScreen(t, 'Ferie og endring av levering');
    await chooseLanguage(t, 'Nynorsk');
    await t
      .expect(main.withText('Endringa må vere registrert innan kl. 14:00 dagen før.').exists)
      .ok({ timeout: 20000 });
    await expectAccessible(t);

    await t.click(radio('Mellombels adresse'));
    const days = await offeredDays();
    await chooseDay(t, fromDate, days[80]!);
    await chooseDay(t, toDate, days[88]!);
    await t
      .typeText(Selector('#field-address-street'), 'Hytteveien', { replace: true })
      .typeText(Selector('#field-address-streetNumber'), '7', { replace: true })
      .typeText(Selector('#field-address-postalCode'), '6800', { replace: true });
    await t.expect(Selector('#field-address-place').value).eql('Førde', { timeout: 20000 });
    await t.expect(main.withText('Postnummer 6800 er Førde.').exists).ok();
    await expectAccessible(t);
    await t.click(button('Registrer endringa'));
    await t.expect(main.withText('Registrert: mellombels adresse').exists).ok({ timeout: 20000 });
    await t.expect(main.withText('Hytteveien 7, 6800 Førde').exists).ok();
    await expectAccessible(t);

    // Withdrawn again, so a second run finds the days free.
    const item = Selector('li').withText('Hytteveien 7, 6800 Førde');
    await t.click(item.find('button').withExactText('Trekk tilbake'));
    await t.click(item.find('button').withExactText('Ja, trekk tilbake'));
    await t
      .expect(main.withText('Trekt tilbake: mellombels adresse').exists)
      .ok({ timeout: 20000 });
  },
);

test.page(titleUrl('FVN', '/endre-avislevering'))(
  'a move to a new address from a date, with an unknown postal code refused first',
  async (t) => {
    await signIn(t, PAPER);
    await expectScreen(t, 'Ferie og endring av levering');
    await t.click(radio('Flytting'));
    // The address is the account's: the screen says a move moves all the reader's paper.
    await t
      .expect(
        main.withText('En flytting endrer leveringsadressen for alle papiravisene dine').exists,
      )
      .ok();
    const days = await offeredDays();
    await chooseDay(t, fromDate, days[120]!);
    const day = spokenDay(days[120]!);
    await t
      .typeText(Selector('#field-address-street'), 'Elvegata', { replace: true })
      .typeText(Selector('#field-address-streetNumber'), '2B', { replace: true })
      .typeText(Selector('#field-address-postalCode'), '0000', { replace: true });
    await t.expect(main.withText('Vi finner ikke postnummer 0000.').exists).ok({ timeout: 20000 });
    await t.click(button('Registrer endringen'));
    await t.expect(Selector('.ds-error-summary').focused).ok();
    await t.expect(main.withText('Postnummeret finnes ikke').exists).ok();
    await expectAccessible(t);

    await t.typeText(Selector('#field-address-postalCode'), '4631', { replace: true });
    await t.expect(Selector('#field-address-place').value).eql('Kristiansand S', {
      timeout: 20000,
    });
    await t.click(button('Registrer endringen'));
    await t.expect(main.withText('Registrert: flytting').exists).ok({ timeout: 20000 });
    const move = Selector('li').withText('Elvegata 2B, 4631 Kristiansand S');
    await t.expect(move.exists).ok();
    await t.expect(move.withText(`fra ${day}`).exists).ok();
    await expectAccessible(t);
    // Asked first, with the focus on the answer; kept, the focus is back where it was.
    await t.click(move.find('button').withExactText('Trekk tilbake'));
    await t.expect(move.find('button').withExactText('Ja, trekk tilbake').focused).ok();
    await t.click(move.find('button').withExactText('Nei, behold den'));
    await t.expect(move.find('button').withExactText('Trekk tilbake').focused).ok();
    await t.pressKey('enter');
    await t.pressKey('enter'); // "Ja, trekk tilbake", by keyboard
    await t.expect(main.withText('Trukket tilbake: flytting').exists).ok({ timeout: 20000 });
  },
);

test.page(titleUrl('FVN', '/endre-avislevering'))(
  'a digital subscriber is told there is no paper to change',
  async (t) => {
    await signIn(t, 'digital@demo.minside.no');
    await expectScreen(t, 'Ferie og endring av levering');
    await t.expect(main.withText('Gjelder bare papiravis').exists).ok({ timeout: 20000 });
    await t.expect(main.withText('Abonnementet ditt (Premium digital) er digitalt').exists).ok();
    await t.expect(Selector('input[type="radio"]').exists).notOk();
    await expectAccessible(t);
  },
);
