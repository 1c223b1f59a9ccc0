// /endre-avislevering: the cut-off and the next possible day (a countdown near the cut-off), only
// the server's delivery days offered, what a stop means for the price, a vacation stop, a cabin
// transfer with the place filled in from the postal code, the checks before sending, the
// server's refusals (an overlap named) with nothing typed lost, edit and withdraw of a planned
// change, read-only history, the digital subscriber's explanation, and nynorsk.
import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';

import type { DeliveryChange, DeliveryChangeOverview } from '../../../src/app/api/delivery';
import DeliveryChangeScreen from '../../../src/app/features/delivery-change/DeliveryChangeScreen';
import { isoWeekday } from '../../../src/app/features/delivery-change/format';
import { cacheFirstScreen, type FirstScreen } from '../../../src/app/session/firstScreen';
import { addDays, osloDateOf } from '../../../src/shared/time/oslo';
import { subscriberState, subscriptionWith } from '../fixtures';
import { callsTo, json, problem, renderWithState, route, serveApi } from '../render';
import { postalRoute } from '../ui/form/postal-support';

import { inDays } from './lifecycle-support';

const PATH = '/api/subscription/S-1001/delivery-changes';

/** Everything Jest can fake but the clock (`Date`). */
const TIMERS_BESIDES_THE_CLOCK = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;
const paper = subscriptionWith({ planProductType: 'COMBO', planName: 'Papir + digital' });

/** The next `count` days from `from` days ahead that are not Sundays. */
function weekdaysFrom(from: number, count: number): string[] {
  const days: string[] = [];
  for (let i = from; days.length < count; i += 1) {
    const day = inDays(i);
    if (isoWeekday(day) !== 7) days.push(day);
  }
  return days;
}

const days = weekdaysFrom(1, 60);

const cabin: DeliveryChange = {
  id: '7',
  type: 'TRANSFER',
  fromDate: days[20]!,
  toDate: days[25]!,
  openEnd: false,
  status: 'PLANNED',
  cutOff: `${days[19]}T13:00:00.000Z`,
  editable: true,
  endEditable: false,
  issues: 6,
  creditOre: 0,
  address: {
    coName: 'Per Papir',
    street: 'Hytteveien',
    streetNumber: '3',
    postalCode: '4640',
    place: 'Søgne',
  },
  notApplied: null,
};

const pastStop: DeliveryChange = {
  id: '3',
  type: 'STOP',
  fromDate: inDays(-40),
  toDate: inDays(-34),
  openEnd: false,
  status: 'PAST',
  cutOff: `${inDays(-41)}T13:00:00.000Z`,
  editable: false,
  endEditable: false,
  issues: 6,
  creditOre: 0,
  address: null,
  notApplied: null,
};

const overviewOf = (overrides: Partial<DeliveryChangeOverview> = {}): DeliveryChangeOverview => ({
  subscriptionNo: 'S-1001',
  titleCode: 'FVN',
  eligibility: 'PAPER',
  calendar: {
    earliestStart: days[0]!,
    cutOff: new Date(Date.now() + 26 * 3600_000).toISOString(),
    cutOffTime: '14:00',
    cutOffDaysBefore: 1,
    weekdays: [1, 2, 3, 4, 5, 6],
    lastDate: inDays(365),
    deliveryDays: days,
  },
  price: { stopCredit: 'NONE', creditPerIssueOre: null, paperSharePercent: null },
  address: {
    coName: 'Per Papir',
    street: 'Dronningens gate',
    streetNumber: '15',
    postalCode: '4610',
    place: 'Kristiansand S',
  },
  planned: [cabin],
  current: [],
  history: [pastStop],
  ...overrides,
});

const renderScreen = (subscription = paper, language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<DeliveryChangeScreen />, {
    preloadedState: subscriberState(subscription),
    language,
    namespaces: ['delivery-change'],
    route: '/endre-avislevering',
  });

const bodyOf = async (request: Request) => JSON.parse(await request.text()) as unknown;

/** A 400 refusal naming the request field, as the server answers one. */
const fieldProblem = (code: string, field: string) =>
  problem(400, code, { errors: [{ field, message: 'server text' }] });

const NOT_SAVED = /Vi fikk ikke lagret endringen/;

/** A date field by its label. */
const dateField = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** Puts a day (YYYY-MM-DD) in a date field, as the browser's date picker does. */
async function chooseDay(user: UserEvent, label: string, day: string) {
  const field = dateField(label);
  await user.clear(field);
  await user.type(field, day);
}

/** "søndag 15. mars" as the screen says a day (this year's without the year). */
const spoken = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'][
    isoWeekday(day) - 1
  ];
  const month = new Intl.DateTimeFormat('nb-NO', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
  const thisYear = String(y) === osloDateOf(new Date()).slice(0, 4);
  return `${weekday} ${d}. ${month}${thisYear ? '' : ` ${y}`}`;
};

describe('DeliveryChangeScreen', () => {
  it('says the cut-off and the next possible day, the price effect, and lists the changes', async () => {
    serveApi([route('GET', PATH, () => json(overviewOf()))]);
    await renderScreen();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Ferie og endring av levering' }),
    ).toBeVisible();
    const deadline = await screen.findByRole('region', { name: 'Frist for endringer' });
    expect(deadline).toHaveTextContent('Endringen må være registrert innen kl. 14:00 dagen før.');
    expect(deadline).toHaveTextContent(
      /Første mulige leveringsdag for en endring nå er \p{L}+dag/u,
    );
    expect(deadline).not.toHaveTextContent('går ut om');
    expect(
      screen.getByText(
        'Prisen endres ikke når du stopper papiravisen en periode; digital tilgang fortsetter som før.',
      ),
    ).toBeVisible();

    const planned = screen.getByRole('region', { name: 'Planlagte endringer' });
    expect(within(planned).getByRole('heading', { name: 'Midlertidig adresse' })).toBeVisible();
    expect(planned).toHaveTextContent('Per Papir, Hytteveien 3, 4640 Søgne');
    expect(within(planned).getByRole('button', { name: 'Endre' })).toBeVisible();
    const history = screen.getByRole('region', { name: 'Tidligere endringer' });
    expect(within(history).getByRole('heading', { name: 'Stopp levering' })).toBeVisible();
    expect(within(history).queryByRole('button')).toBeNull();
  });

  it('opens on the overview the page brought without asking; an arrival ten seconds later asks', async () => {
    const calls = serveApi([route('GET', PATH, () => json(overviewOf({ planned: [] })))]);
    /** The screen, and a button that takes the reader away and back (as a link does). */
    function Arrivals() {
      const [shown, setShown] = useState(true);
      return (
        <>
          {shown ? <DeliveryChangeScreen /> : null}
          <button type="button" onClick={() => setShown((now) => !now)}>
            {shown ? 'Bort' : 'Tilbake'}
          </button>
        </>
      );
    }
    const { user } = await renderWithState(<Arrivals />, {
      preloadedState: subscriberState(paper),
      namespaces: ['delivery-change'],
      route: '/endre-avislevering',
      beforeRender: (store) =>
        cacheFirstScreen(store.dispatch, {
          deliveryChanges: { subscriptionNo: 'S-1001', answer: overviewOf() },
        } as FirstScreen),
    });
    // The first render has the page's changes.
    const planned = screen.getByRole('region', { name: 'Planlagte endringer' });
    expect(planned).toHaveTextContent('Per Papir, Hytteveien 3, 4640 Søgne');
    await user.click(screen.getByRole('button', { name: 'Bort' }));
    await user.click(screen.getByRole('button', { name: 'Tilbake' }));
    expect(screen.getByRole('region', { name: 'Planlagte endringer' })).toBeVisible();
    expect(callsTo(calls, 'GET', PATH)).toHaveLength(0);
    // Back again after ten seconds: asked again, and the answer shown.
    await user.click(screen.getByRole('button', { name: 'Bort' }));
    // Only the clock moves (timers, animation frames and the rest stay real).
    jest.useFakeTimers({ doNotFake: [...TIMERS_BESIDES_THE_CLOCK], now: Date.now() + 10_500 });
    try {
      await user.click(screen.getByRole('button', { name: 'Tilbake' }));
      await waitFor(() => expect(callsTo(calls, 'GET', PATH)).toHaveLength(1));
      await waitFor(() =>
        expect(screen.getByRole('region', { name: 'Planlagte endringer' })).toHaveTextContent(
          'Du har ingen planlagte endringer.',
        ),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('counts down in the last hours before the cut-off', async () => {
    const overview = overviewOf();
    serveApi([
      route('GET', PATH, () =>
        json({
          ...overview,
          calendar: {
            ...overview.calendar!,
            cutOff: new Date(Date.now() + 90 * 60_000 + 30_000).toISOString(),
          },
        }),
      ),
    ]);
    await renderScreen();
    const deadline = await screen.findByRole('region', { name: 'Frist for endringer' });
    expect(deadline).toHaveTextContent(/går ut om 1 t 31 min\./);
  });

  it('offers the delivery days in date fields, checks before sending, and registers a vacation stop', async () => {
    const calls = serveApi([
      route('GET', PATH, () => json(overviewOf())),
      route('POST', PATH, () =>
        json(
          {
            ...pastStop,
            id: '9',
            fromDate: days[2],
            toDate: days[7],
            status: 'PLANNED',
            editable: true,
          },
          201,
        ),
      ),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('region', { name: 'Frist for endringer' });
    await user.click(screen.getByRole('button', { name: 'Registrer endringen' }));
    const summary = await screen.findByRole('heading', { name: 'Sjekk dette før du går videre:' });
    expect(
      within(summary.closest('.ds-error-summary') as HTMLElement)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Velg hva du vil gjøre']);
    expect(callsTo(calls, 'POST', PATH)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Stopp levering' }));
    // A date field from the first to the last day offered, described by which days those are.
    const from = dateField('Første dag');
    expect(from).toHaveAttribute('type', 'date');
    expect(from).toHaveAttribute('min', days[0]);
    expect(from).toHaveAttribute('max', days.at(-1));
    const hint = `Avisen kommer ut mandag til lørdag, men ikke på helligdager. Du kan velge dager fra ${spoken(days[0]!)} til ${spoken(days.at(-1)!)}.`;
    expect(screen.getByText(hint)).toBeVisible();
    // The hint first, then the error of the submit before (no day yet).
    expect(from).toHaveAccessibleDescription(`${hint} Første dag er påkrevd`);

    // A Sunday between them: refused before sending, saying the day and one the paper is out.
    const sunday = addDays(
      days.find((d) => isoWeekday(d) === 6)!,
      1,
    );
    expect(days).not.toContain(sunday);
    await chooseDay(user, 'Første dag', sunday);
    await chooseDay(user, 'Siste dag', days[7]!);
    await user.click(screen.getByRole('button', { name: 'Registrer endringen' }));
    const refusal = `Avisen kommer ikke ut ${spoken(sunday)}. Velg en dag den kommer ut, for eksempel ${spoken(addDays(sunday, 1))}`;
    await waitFor(() => expect(from).toHaveAttribute('aria-invalid', 'true'));
    expect(from).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(screen.getByRole('link', { name: refusal })).toHaveAttribute('href', '#field-fromDate');
    expect(callsTo(calls, 'POST', PATH)).toHaveLength(0);

    const to = dateField('Siste dag');
    await chooseDay(user, 'Første dag', days[2]!);
    // The end can be no earlier than the start.
    expect(to).toHaveAttribute('min', days[2]);
    await waitFor(() => expect(from).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByText('6 utgaver blir ikke levert.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Registrer endringen' }));
    await screen.findByText(/^Registrert: stopp i leveringen/);
    const posts = callsTo(calls, 'POST', PATH);
    expect(posts).toHaveLength(1);
    expect(await bodyOf(posts[0]!)).toEqual({ type: 'STOP', fromDate: days[2], toDate: days[7] });
  });

  it.each([
    [
      'before the first day',
      () => inDays(0),
      'Første dag',
      () => `Første dag kan tidligst være ${spoken(days[0]!)}`,
    ],
    [
      'after the last day',
      () => inDays(400),
      'Første dag',
      () => `Første dag kan senest være ${spoken(days.at(-1)!)}`,
    ],
    [
      'an end before the start',
      () => days[1]!,
      'Siste dag',
      () => 'Siste dag kan ikke være før første dag',
    ],
  ])('refuses a day %s before sending', async (_case, day, label, text) => {
    const calls = serveApi([route('GET', PATH, () => json(overviewOf()))]);
    const { user } = await renderScreen();
    await screen.findByRole('region', { name: 'Frist for endringer' });
    await user.click(screen.getByRole('radio', { name: 'Stopp levering' }));
    await chooseDay(user, 'Første dag', label === 'Første dag' ? day() : days[3]!);
    await chooseDay(user, 'Siste dag', label === 'Siste dag' ? day() : days[8]!);
    await user.click(screen.getByRole('button', { name: 'Registrer endringen' }));
    const field = dateField(label);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(text()));
    expect(screen.getByRole('link', { name: text() })).toBeVisible();
    expect(callsTo(calls, 'POST', PATH)).toHaveLength(0);
  });

  it('fills the place in from the postal code and registers a cabin transfer', async () => {
    const calls = serveApi([
      route('GET', PATH, () => json(overviewOf({ planned: [] }))),
      postalRoute(),
      route('POST', PATH, () => json({ ...cabin, id: '11' }, 201)),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('region', { name: 'Frist for endringer' });
    await user.click(screen.getByRole('radio', { name: 'Midlertidig adresse' }));
    await chooseDay(user, 'Første dag', days[20]!);
    await chooseDay(user, 'Siste dag', days[25]!);
    const address = screen.getByRole('group', { name: 'Den midlertidige adressen' });
    expect(within(address).getByRole('textbox', { name: 'Navn (eller c/o)' })).toHaveValue(
      'Per Papir',
    );
    await user.type(within(address).getByRole('textbox', { name: 'Adresse' }), 'Hytteveien');
    await user.type(within(address).getByRole('textbox', { name: 'Gatenummer' }), '3');
    await user.type(within(address).getByRole('textbox', { name: 'Postnummer' }), '0000');
    expect(await screen.findByText(/Vi finner ikke postnummer 0000/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Registrer endringen' }));
    expect(await screen.findAllByText('Postnummeret finnes ikke')).not.toHaveLength(0);
    expect(callsTo(calls, 'POST', PATH)).toHaveLength(0);

    const code = within(address).getByRole('textbox', { name: 'Postnummer' });
    await user.clear(code);
    await user.type(code, '4640');
    await waitFor(() =>
      expect(within(address).getByRole('textbox', { name: 'Poststed' })).toHaveValue('Søgne'),
    );
    await user.click(screen.getByRole('button', { name: 'Registrer endringen' }));
    await screen.findByText(/^Registrert: midlertidig adresse/);
    expect(await bodyOf(callsTo(calls, 'POST', PATH)[0]!)).toEqual({
      type: 'TRANSFER',
      fromDate: days[20],
      toDate: days[25],
      address: {
        coName: 'Per Papir',
        street: 'Hytteveien',
        streetNumber: '3',
        postalCode: '4640',
        place: 'Søgne',
      },
    });
  });

  it('names the overlapping change and keeps what was chosen', async () => {
    serveApi([
      route('GET', PATH, () => json(overviewOf())),
      route('POST', PATH, () => problem(409, 'DELIVERY_CHANGE_OVERLAP')),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('region', { name: 'Frist for endringer' });
    await user.click(screen.getByRole('radio', { name: 'Stopp levering' }));
    await chooseDay(user, 'Første dag', days[22]!);
    await chooseDay(user, 'Siste dag', days[30]!);
    await user.click(screen.getByRole('button', { name: 'Registrer endringen' }));
    const alert = await screen.findByText(/^Endringen overlapper med midlertidig adresse/);
    expect(alert.closest('[role="alert"]')).toHaveFocus();
    expect(dateField('Første dag')).toHaveValue(days[22]);
  });

  it('edits and withdraws a planned change', async () => {
    const calls = serveApi([
      route('GET', PATH, () => json(overviewOf())),
      route('PUT', `${PATH}/7`, () => json({ ...cabin, toDate: days[26] })),
      route('DELETE', `${PATH}/7`, () => json({ ...cabin, status: 'WITHDRAWN', editable: false })),
      postalRoute(),
    ]);
    const { user } = await renderScreen();
    const planned = await screen.findByRole('region', { name: 'Planlagte endringer' });
    await user.click(within(planned).getByRole('button', { name: 'Endre' }));
    expect(await screen.findByRole('heading', { name: 'Endre midlertidig adresse' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Midlertidig adresse' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Adresse' })).toHaveValue('Hytteveien');
    await chooseDay(user, 'Siste dag', days[26]!);
    await user.click(screen.getByRole('button', { name: 'Lagre endringen' }));
    await screen.findByText(/^Lagret: midlertidig adresse/);
    expect(await bodyOf(callsTo(calls, 'PUT', `${PATH}/7`)[0]!)).toMatchObject({
      type: 'TRANSFER',
      toDate: days[26],
    });

    await user.click(within(planned).getByRole('button', { name: 'Trekk tilbake' }));
    expect(within(planned).getByText('Vil du trekke tilbake denne endringen?')).toBeVisible();
    await user.click(within(planned).getByRole('button', { name: 'Ja, trekk tilbake' }));
    await screen.findByText(/^Trukket tilbake: midlertidig adresse/);
    expect(callsTo(calls, 'DELETE', `${PATH}/7`)).toHaveLength(1);
  });

  it('moves the end of a stop that has started', async () => {
    const started: DeliveryChange = {
      ...pastStop,
      id: '12',
      fromDate: inDays(-3),
      toDate: null,
      openEnd: true,
      status: 'CURRENT',
      endEditable: true,
      issues: 3,
    };
    const calls = serveApi([
      route('GET', PATH, () => json(overviewOf({ current: [started] }))),
      route('PUT', `${PATH}/12`, () => json({ ...started, toDate: days[4], openEnd: false })),
    ]);
    const { user } = await renderScreen();
    const current = await screen.findByRole('region', { name: 'Pågår nå' });
    await user.click(within(current).getByRole('button', { name: 'Endre sluttdato' }));
    expect(
      await screen.findByRole('heading', { name: 'Endre sluttdato for stopp i leveringen' }),
    ).toBeVisible();
    expect(dateField('Første dag')).toBeDisabled();
    expect(dateField('Første dag')).toHaveValue(inDays(-3));
    await user.click(screen.getByRole('checkbox', { name: 'Inntil videre (uten sluttdato)' }));
    // The day before the earliest possible day (paper again from then) is the first.
    expect(dateField('Siste dag')).toHaveAttribute('min', addDays(days[0]!, -1));
    await chooseDay(user, 'Siste dag', days[4]!);
    await user.click(screen.getByRole('button', { name: 'Lagre endringen' }));
    await screen.findByText(/^Lagret: stopp i leveringen/);
    expect(await bodyOf(callsTo(calls, 'PUT', `${PATH}/12`)[0]!)).toEqual({
      type: 'STOP',
      fromDate: inDays(-3),
      toDate: days[4],
    });
  });

  it('shows a change past its cut-off without edit or withdraw', async () => {
    serveApi([
      route('GET', PATH, () => json(overviewOf({ planned: [{ ...cabin, editable: false }] }))),
    ]);
    await renderScreen();
    const planned = await screen.findByRole('region', { name: 'Planlagte endringer' });
    expect(within(planned).queryByRole('button')).toBeNull();
    expect(planned).toHaveTextContent(
      'Fristen for å endre eller trekke tilbake denne har gått ut.',
    );
  });

  it('says what a stop is credited where the title credits stopped issues', async () => {
    serveApi([
      route('GET', PATH, () =>
        json(
          overviewOf({
            price: { stopCredit: 'PER_ISSUE', creditPerIssueOre: 1250, paperSharePercent: 50 },
          }),
        ),
      ),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('region', { name: 'Frist for endringer' });
    expect(
      screen.getByText(
        /trekkes fra på neste faktura med kr 12,50, papirdelen \(50 %\) av prisen per utgave/,
      ),
    ).toBeVisible();
    expect(
      screen.getAllByText(/Bare dager i perioder som er fakturert og betalt/)[0],
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Stopp levering' }));
    await chooseDay(user, 'Første dag', days[0]!);
    await chooseDay(user, 'Siste dag', days[3]!);
    expect(screen.getByText(/Du får kr 50,00 trukket fra på neste faktura/)).toBeVisible();
  });

  it('explains to a digital subscriber why there is nothing to change', async () => {
    serveApi([
      route('GET', PATH, () =>
        json(overviewOf({ eligibility: 'NOT_PAPER', calendar: null, planned: [], history: [] })),
      ),
    ]);
    await renderScreen(subscriptionWith({ planProductType: 'DIGITAL', planName: 'Digital' }));
    const notice = await screen.findByRole('region', { name: 'Gjelder bare papiravis' });
    expect(notice).toHaveTextContent('Abonnementet ditt (Digital) er digitalt');
    expect(within(notice).getByRole('link', { name: 'Gå til kundeservice' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Registrer endringen' })).toBeNull();
  });

  it('speaks nynorsk', async () => {
    serveApi([route('GET', PATH, () => json(overviewOf()))]);
    await renderScreen(paper, 'nn');
    const deadline = await screen.findByRole('region', { name: 'Frist for endringar' });
    expect(deadline).toHaveTextContent('Endringa må vere registrert innan kl. 14:00 dagen før.');
    expect(screen.getByRole('radio', { name: 'Mellombels adresse' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Planlagde endringar' })).toBeVisible();
  });

  it('in nynorsk on a title without a Monday paper: says the days, and refuses a Monday', async () => {
    // Firda: Tuesday to Saturday.
    const firdaDays = days.filter((d) => isoWeekday(d) !== 1);
    const overview = overviewOf({ titleCode: 'FIR', planned: [] });
    const calls = serveApi([
      route('GET', PATH, () =>
        json({
          ...overview,
          calendar: { ...overview.calendar!, weekdays: [2, 3, 4, 5, 6], deliveryDays: firdaDays },
        }),
      ),
    ]);
    const { user } = await renderScreen(paper, 'nn');
    await screen.findByRole('region', { name: 'Frist for endringar' });
    await user.click(screen.getByRole('radio', { name: 'Stopp levering' }));
    expect(
      screen.getByText(/^Avisa kjem ut tysdag til laurdag, men ikkje på heilagdagar\./),
    ).toBeVisible();
    const monday = days.find((d) => d > firdaDays[0]! && isoWeekday(d) === 1)!;
    await chooseDay(user, 'Første dag', monday);
    await chooseDay(user, 'Siste dag', addDays(monday, 4));
    await user.click(screen.getByRole('button', { name: 'Registrer endringa' }));
    const from = dateField('Første dag');
    await waitFor(() => expect(from).toHaveAttribute('aria-invalid', 'true'));
    expect(from).toHaveAccessibleDescription(
      expect.stringMatching(
        /Avisa kjem ikkje ut måndag \d+\. .+\. Vel ein dag ho kjem ut, til dømes tysdag /,
      ),
    );
    expect(callsTo(calls, 'POST', PATH)).toHaveLength(0);
  });

  it.each([
    [
      'DELIVERY_CHANGE_TOO_FAR',
      'toDate',
      'Siste dag',
      'Siste dag kan være høyst ett år frem i tid',
    ],
    [
      'DELIVERY_CHANGE_TOO_FAR',
      'fromDate',
      'Første dag',
      'Første dag kan være høyst ett år frem i tid',
    ],
    ['DELIVERY_CHANGE_END_REQUIRED', 'toDate', 'Siste dag', 'Velg siste dag'],
    [
      'DELIVERY_CHANGE_END_BEFORE_START',
      'toDate',
      'Siste dag',
      'Siste dag kan ikke være før første dag',
    ],
    [
      'DELIVERY_CHANGE_NOT_DELIVERY_DAY',
      'toDate',
      'Siste dag',
      `Avisen kommer ikke ut ${spoken(days[5]!)}. Velg en dag den kommer ut, for eksempel ${spoken(days[6]!)}`,
    ],
    [
      'DELIVERY_CHANGE_NOT_DELIVERY_DAY',
      'fromDate',
      'Første dag',
      `Avisen kommer ikke ut ${spoken(days[2]!)}. Velg en dag den kommer ut, for eksempel ${spoken(days[3]!)}`,
    ],
    [
      'VALIDATION_FAILED',
      'toDate',
      'Siste dag',
      'Vi kunne ikke bruke den datoen. Velg en annen dag',
    ],
  ])('puts %s on %s with its own words', async (code, field, label, text) => {
    serveApi([
      route('GET', PATH, () => json(overviewOf())),
      route('POST', PATH, () => fieldProblem(code, field)),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('region', { name: 'Frist for endringer' });
    await user.click(screen.getByRole('radio', { name: 'Stopp levering' }));
    await chooseDay(user, 'Første dag', days[2]!);
    await chooseDay(user, 'Siste dag', days[5]!);
    await user.click(screen.getByRole('button', { name: 'Registrer endringen' }));
    const refused = dateField(label);
    await waitFor(() => expect(refused).toHaveAttribute('aria-invalid', 'true'));
    expect(refused).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(screen.queryByText(NOT_SAVED)).toBeNull();
    expect(screen.queryByText(/Fristen for den dagen har gått ut/)).toBeNull();
    // Nothing chosen is lost.
    expect(dateField('Første dag')).toHaveValue(days[2]);
  });

  it('says a passed cut-off on the end of a started stop as such, with the next possible day', async () => {
    const started: DeliveryChange = {
      ...pastStop,
      id: '12',
      fromDate: inDays(-3),
      toDate: days[3]!,
      status: 'CURRENT',
      endEditable: true,
    };
    serveApi([
      route('GET', PATH, () => json(overviewOf({ current: [started] }))),
      route('PUT', `${PATH}/12`, () => fieldProblem('DELIVERY_CHANGE_TOO_EARLY', 'toDate')),
    ]);
    const { user } = await renderScreen();
    const current = await screen.findByRole('region', { name: 'Pågår nå' });
    await user.click(within(current).getByRole('button', { name: 'Endre sluttdato' }));
    await chooseDay(user, 'Siste dag', days[1]!);
    await user.click(screen.getByRole('button', { name: 'Lagre endringen' }));
    expect(
      await screen.findByText(/^Fristen har gått ut for den siste dagen du valgte/),
    ).toBeVisible();
    expect(screen.queryByText(NOT_SAVED)).toBeNull();
  });

  it('offers as the end of a started change only days the server takes (a year at most)', async () => {
    const year = weekdaysFrom(1, 330);
    const started: DeliveryChange = {
      ...pastStop,
      id: '12',
      fromDate: inDays(-30),
      toDate: null,
      openEnd: true,
      status: 'CURRENT',
      endEditable: true,
    };
    const overview = overviewOf({ current: [started] });
    serveApi([
      route('GET', PATH, () =>
        json({
          ...overview,
          calendar: { ...overview.calendar!, deliveryDays: year.filter((d) => d <= inDays(365)) },
        }),
      ),
    ]);
    const { user } = await renderScreen();
    const current = await screen.findByRole('region', { name: 'Pågår nå' });
    await user.click(within(current).getByRole('button', { name: 'Endre sluttdato' }));
    await user.click(screen.getByRole('checkbox', { name: 'Inntil videre (uten sluttdato)' }));
    const last = dateField('Siste dag').max;
    expect(last <= addDays(inDays(-30), 365)).toBe(true);
    expect(last > addDays(inDays(-30), 358)).toBe(true);
  });

  it('says that another paper subscription’s change is in the way of a move', async () => {
    serveApi([
      route('GET', PATH, () => json(overviewOf({ planned: [] }))),
      postalRoute(),
      route('POST', PATH, () => problem(409, 'DELIVERY_CHANGE_OTHER_SUBSCRIPTION')),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('region', { name: 'Frist for endringer' });
    await user.click(screen.getByRole('radio', { name: 'Flytting' }));
    expect(
      screen.getByText(/^En flytting endrer leveringsadressen for alle papiravisene dine/),
    ).toBeVisible();
    await chooseDay(user, 'Ny adresse fra', days[4]!);
    const address = screen.getByRole('group', { name: 'Den nye adressen' });
    await user.type(within(address).getByRole('textbox', { name: 'Adresse' }), 'Elvegata');
    await user.type(within(address).getByRole('textbox', { name: 'Gatenummer' }), '2');
    await user.type(within(address).getByRole('textbox', { name: 'Postnummer' }), '4640');
    await waitFor(() =>
      expect(within(address).getByRole('textbox', { name: 'Poststed' })).toHaveValue('Søgne'),
    );
    await user.click(screen.getByRole('button', { name: 'Registrer endringen' }));
    const alert = await screen.findByText(
      /en annen av avisene dine har stopp eller midlertidig adresse på flyttedagen/,
    );
    expect(alert.closest('[role="alert"]')).toHaveFocus();
  });

  it('shows a move that was not carried out, and why', async () => {
    const move: DeliveryChange = {
      ...cabin,
      id: '21',
      type: 'PERMANENT',
      fromDate: inDays(-5),
      toDate: null,
      status: 'PAST',
      editable: false,
      issues: 0,
      notApplied: 'NOT_ACTIVE',
    };
    serveApi([route('GET', PATH, () => json(overviewOf({ history: [move] })))]);
    await renderScreen();
    const history = await screen.findByRole('region', { name: 'Tidligere endringer' });
    expect(history).toHaveTextContent('Ikke gjennomført');
    expect(history).toHaveTextContent(
      'Abonnementet var ikke aktivt på flyttedagen, så adressen ble ikke endret.',
    );
  });

  describe('keeps the focus where the reader is', () => {
    it('on “Ja, trekk tilbake” when asked, and back on “Trekk tilbake” when kept', async () => {
      serveApi([route('GET', PATH, () => json(overviewOf()))]);
      const { user } = await renderScreen();
      const planned = await screen.findByRole('region', { name: 'Planlagte endringer' });
      await user.click(within(planned).getByRole('button', { name: 'Trekk tilbake' }));
      await waitFor(() =>
        expect(document.activeElement).toBe(
          within(planned).getByRole('button', { name: 'Ja, trekk tilbake' }),
        ),
      );
      await user.click(within(planned).getByRole('button', { name: 'Nei, behold den' }));
      await waitFor(() =>
        expect(document.activeElement).toBe(
          within(planned).getByRole('button', { name: 'Trekk tilbake' }),
        ),
      );
      // By keyboard too.
      await user.keyboard('{Enter}');
      await waitFor(() => expect(document.activeElement).toHaveTextContent('Ja, trekk tilbake'));
    });

    it('back on the change’s Endre button when an edit is cancelled', async () => {
      serveApi([route('GET', PATH, () => json(overviewOf())), postalRoute()]);
      const { user } = await renderScreen();
      const planned = await screen.findByRole('region', { name: 'Planlagte endringer' });
      await user.click(within(planned).getByRole('button', { name: 'Endre' }));
      await screen.findByRole('heading', { name: 'Endre midlertidig adresse' });
      await user.click(screen.getByRole('button', { name: 'Avbryt' }));
      await waitFor(() =>
        expect(document.activeElement).toBe(within(planned).getByRole('button', { name: 'Endre' })),
      );
      expect(screen.getByRole('heading', { name: 'Registrer en endring' })).toBeVisible();
    });

    /** Opens “Endre sluttdato” on a stop that has begun, cancels, and answers the button. */
    async function cancelMovingTheEnd() {
      const started: DeliveryChange = {
        ...pastStop,
        id: '12',
        fromDate: inDays(-3),
        toDate: null,
        openEnd: true,
        status: 'CURRENT',
        endEditable: true,
      };
      serveApi([route('GET', PATH, () => json(overviewOf({ current: [started] })))]);
      const { user } = await renderScreen();
      const current = await screen.findByRole('region', { name: 'Pågår nå' });
      const endButton = within(current).getByRole('button', { name: 'Endre sluttdato' });
      await user.click(endButton);
      await user.click(await screen.findByRole('button', { name: 'Avbryt' }));
      await waitFor(() => expect(document.activeElement).toBe(endButton));
      return endButton;
    }

    it('back on “Endre sluttdato” when moving the end is cancelled', async () => {
      await cancelMovingTheEnd();
    });

    it('a cancel before the next frame still ends on the button (a slow or busy device)', async () => {
      // Frames 150 ms apart: “Avbryt” is pressed before the frame after “Endre sluttdato”.
      const frame = jest
        .spyOn(window, 'requestAnimationFrame')
        .mockImplementation((callback) =>
          Number(setTimeout(() => callback(performance.now()), 150)),
        );
      try {
        const endButton = await cancelMovingTheEnd();
        // Past the frames: nothing takes the focus away afterwards.
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(document.activeElement).toBe(endButton);
      } finally {
        frame.mockRestore();
      }
    });
  });

  it('says in nynorsk that a move moves all the paper, and a date refused', async () => {
    serveApi([
      route('GET', PATH, () => json(overviewOf())),
      route('POST', PATH, () => fieldProblem('DELIVERY_CHANGE_TOO_FAR', 'toDate')),
    ]);
    const { user } = await renderScreen(paper, 'nn');
    await screen.findByRole('region', { name: 'Frist for endringar' });
    await user.click(screen.getByRole('radio', { name: 'Flytting' }));
    expect(
      screen.getByText(/^Ei flytting endrar leveringsadressa for alle papiravisene dine/),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Stopp levering' }));
    await chooseDay(user, 'Første dag', days[2]!);
    await chooseDay(user, 'Siste dag', days[5]!);
    await user.click(screen.getByRole('button', { name: 'Registrer endringa' }));
    const field = dateField('Siste dag');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('Siste dag kan vere høgst eitt år fram i tid'),
      ),
    );
  });
});
