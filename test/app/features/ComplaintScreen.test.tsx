// /tilbakemelding: the days the server offers (today first, a day complained about already or
// one whose delivery was stopped shown with the reason but not choosable, a start within the
// window said), the codes, the checks before sending, one request for a double
// click, the receipt in the same flow with today's e-paper and what happens next, the earlier
// complaints, the server's refusals on their field with nothing typed lost, the digital
// subscriber sent to customer service, and nynorsk. The receipt names the amount taken off the next
// invoice only when the server credited a paper that did not come.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import type {
  Complaint,
  ComplaintOverview,
  ComplaintReceipt,
} from '../../../src/app/api/complaint';
import ComplaintScreen from '../../../src/app/features/complaint/ComplaintScreen';
import { isoWeekday } from '../../../src/app/features/complaint/days';
import { subscriberState, subscriptionWith } from '../fixtures';
import { callsTo, held, json, problem, renderWithState, route, serveApi } from '../render';

import { inDays, today } from './lifecycle-support';

const PATH = '/api/subscription/S-1001/complaints';

const paper = subscriptionWith({ planProductType: 'COMBO', planName: 'Papir + digital' });

const earlier: Complaint = {
  reference: 'KLAGE-7N2QX4KD',
  filedAt: `${inDays(-2)}T07:30:00Z`,
  dates: [inDays(-2)],
  code: 'UTEBLITT',
  description: 'Avisen kom ikke',
  comment: 'Postkassen var tom.',
};

const overviewOf = (overrides: Partial<ComplaintOverview> = {}): ComplaintOverview => ({
  subscriptionNo: 'S-1001',
  titleCode: 'FVN',
  eligibility: 'PAPER',
  startDate: '2025-02-03',
  windowDays: 14,
  commentMaxLength: 500,
  epaperUrl: 'https://www.fvn.no/eavis',
  deliveryDays: [
    { date: today(), alreadyFiled: false, deliveryStopped: false },
    { date: inDays(-1), alreadyFiled: false, deliveryStopped: false },
    { date: inDays(-2), alreadyFiled: true, deliveryStopped: false },
  ],
  complaints: [earlier],
  ...overrides,
});

const codes = {
  complaintCodes: [
    { code: 'UTEBLITT', description: 'Avisen kom ikke', category: 'delivery' },
    { code: 'SEN', description: 'Avisen kom for sent', category: 'delivery' },
    { code: 'SKADET', description: 'Avisen var våt eller skadet', category: 'quality' },
  ],
};

const codesRoute = route('GET', '/api/complaintcodes', () => json(codes));

const receiptOf = (dates: string[], comment: string | null = null): ComplaintReceipt => ({
  complaint: {
    reference: 'KLAGE-M3T8W6PB',
    filedAt: new Date().toISOString(),
    dates,
    code: 'UTEBLITT',
    description: 'Avisen kom ikke',
    comment,
  },
  epaperUrl: 'https://www.fvn.no/eavis',
  receiptEmail: 'per@example.no',
  repeated: false,
  credit: null,
});

const renderScreen = (subscription = paper, language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<ComplaintScreen />, {
    preloadedState: subscriberState(subscription),
    language,
    namespaces: ['complaint'],
    route: '/tilbakemelding',
  });

const weekdays = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'];
const dayLabel = (date: string) =>
  new RegExp(`^${weekdays[isoWeekday(date) - 1]} ${Number(date.slice(8))}\\. `);

describe('ComplaintScreen', () => {
  it("offers today's e-paper, the days (today first, one already reported) and the codes", async () => {
    serveApi([route('GET', PATH, () => json(overviewOf())), codesRoute]);
    await renderScreen();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Meld fra om avisleveringen' }),
    ).toBeVisible();
    const epaper = await screen.findByRole('link', { name: 'Les dagens e-avis' });
    expect(epaper).toHaveAttribute('href', 'https://www.fvn.no/eavis');

    const days = within(screen.getByRole('group', { name: 'Hvilke dager gjelder det?' }));
    const boxes = days.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(3);
    expect(boxes[0]).toHaveAccessibleName(dayLabel(today()));
    expect(boxes[0]!.labels?.[0]).toHaveTextContent(/\(i dag\)$/);
    expect(boxes[2]).toBeDisabled();
    expect(boxes[2]!.labels?.[0]).toHaveTextContent('(meldt fra om)');
    expect(
      screen.getByRole('group', { name: 'Hvilke dager gjelder det?' }),
    ).toHaveAccessibleDescription(/de siste 14 dagene/);

    const radios = await within(screen.getByRole('group', { name: 'Hva var galt?' })).findAllByRole(
      'radio',
    );
    expect(radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Avisen kom ikke',
      'Avisen kom for sent',
      'Avisen var våt eller skadet',
    ]);

    // The earlier complaint.
    const history = screen.getByRole('region', { name: 'Dette har du meldt fra om' });
    expect(within(history).getByRole('heading', { name: 'Avisen kom ikke' })).toBeVisible();
    expect(history).toHaveTextContent('Postkassen var tom.');
    expect(history).toHaveTextContent('KLAGE-7N2QX4KD');
  });

  it('checks the choices before anything is sent', async () => {
    const calls = serveApi([route('GET', PATH, () => json(overviewOf())), codesRoute]);
    const { user } = await renderScreen();
    await screen.findByRole('group', { name: 'Hvilke dager gjelder det?' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const summary = await screen.findByRole('heading', { name: 'Sjekk dette før du går videre:' });
    const box = summary.closest('.ds-error-summary') as HTMLElement;
    await waitFor(() => expect(box).toHaveFocus());
    expect(
      within(box)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Velg minst én dag', 'Velg hva som var galt']);
    // The link takes the reader to the first day that can be chosen.
    await user.click(within(box).getByRole('link', { name: 'Velg minst én dag' }));
    expect(screen.getAllByRole('checkbox')[0]).toHaveFocus();
    expect(callsTo(calls, 'POST', PATH)).toHaveLength(0);
  });

  it("files once however often it is pressed, then shows the receipt with today's e-paper and the complaint in the list", async () => {
    let filed = false;
    const answer = held(() => json(receiptOf([today(), inDays(-1)], 'Igjen.'), 201));
    const calls = serveApi([
      route('GET', PATH, () =>
        json(
          filed
            ? overviewOf({
                complaints: [receiptOf([today(), inDays(-1)], 'Igjen.').complaint, earlier],
              })
            : overviewOf(),
        ),
      ),
      codesRoute,
      route('POST', PATH, () => {
        filed = true;
        return answer.answer();
      }),
    ]);
    const { user } = await renderScreen();
    const boxes = await screen.findAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[0]!);
    await user.click(screen.getByRole('radio', { name: 'Avisen kom ikke' }));
    await user.type(
      screen.getByRole('textbox', { name: /^Kommentar til kundeservice/ }),
      '  Igjen.  ',
    );
    const send = screen.getByRole('button', { name: 'Send' });
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(screen.getByText('Sender …')).toBeVisible();
    await user.click(send);
    answer.release();

    const heading = await screen.findByRole('heading', { name: 'Takk, vi har fått beskjeden' });
    await waitFor(() => expect(heading).toHaveFocus());
    const posts = callsTo(calls, 'POST', PATH);
    expect(posts).toHaveLength(1);
    expect(await posts[0]!.json()).toEqual({
      dates: [today(), inDays(-1)],
      code: 'UTEBLITT',
      comment: 'Igjen.',
    });
    expect(
      screen.getByText('Klagen din er registrert med referanse KLAGE-M3T8W6PB.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Åpne dagens e-avis' })).toHaveAttribute(
      'href',
      'https://www.fvn.no/eavis',
    );
    expect(screen.getByText('Kundeservice får klagen og følger den opp.')).toBeVisible();
    expect(
      screen.getByText(
        'Kommer ikke avisen fram ofte, gir vi beskjed til distributøren som leverer den.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Vi har sendt en bekreftelse til per@example.no.')).toBeVisible();
    // No credit was made: not a word about money.
    expect(screen.queryByText(/faktura|kr \d/)).toBeNull();
    // The list is read again and has it first.
    const history = screen.getByRole('region', { name: 'Dette har du meldt fra om' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('KLAGE-M3T8W6PB');

    // Another one: back to an empty form, with the focus on its heading (not lost with the
    // button that went away).
    await user.click(screen.getByRole('button', { name: 'Meld fra om noe mer' }));
    expect(await screen.findByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Fortell oss hva som skjedde' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /^Kommentar/ })).toHaveValue('');
  });

  it('says when the address has had several complaints lately', async () => {
    serveApi([
      route('GET', PATH, () => json(overviewOf())),
      codesRoute,
      route('POST', PATH, () => json({ ...receiptOf([today()]), repeated: true }, 201)),
    ]);
    const { user } = await renderScreen();
    await user.click((await screen.findAllByRole('checkbox'))[0]!);
    await user.click(screen.getByRole('radio', { name: 'Avisen kom ikke' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'Vi har fått flere klager på leveringen til adressen din den siste tiden, og ber distributøren rette det opp.',
      ),
    ).toBeVisible();
  });

  it('says what the next invoice takes off when the server credited the missed papers', async () => {
    serveApi([
      route('GET', PATH, () => json(overviewOf())),
      codesRoute,
      route('POST', PATH, () =>
        json(
          {
            ...receiptOf([today(), inDays(-1)]),
            credit: { amountOre: 2302, appliesTo: inDays(20) },
          },
          201,
        ),
      ),
    ]);
    const { user } = await renderScreen();
    const boxes = await screen.findAllByRole('checkbox');
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    await user.click(screen.getByRole('radio', { name: 'Avisen kom ikke' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { name: 'Takk, vi har fått beskjeden' });
    const next = screen.getByRole('region', { name: 'Dette skjer nå' });
    expect(within(next).getAllByRole('listitem')[0]).toHaveTextContent(
      'Vi trekker kr 23,02 fra neste faktura.',
    );
  });

  it('says it in nynorsk, and nothing about money when the server made no credit', async () => {
    let credited = true;
    serveApi([
      route('GET', PATH, () => json(overviewOf())),
      codesRoute,
      route('POST', PATH, () =>
        json(
          {
            ...receiptOf([today()]),
            credit: credited ? { amountOre: 1151, appliesTo: inDays(20) } : null,
          },
          201,
        ),
      ),
    ]);
    const { user } = await renderScreen(paper, 'nn');
    await user.click((await screen.findAllByRole('checkbox'))[0]!);
    await user.click(screen.getByRole('radio', { name: 'Avisa kom ikkje' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Vi trekkjer kr 11,51 frå neste faktura.')).toBeVisible();

    credited = false;
    await user.click(screen.getByRole('button', { name: 'Meld frå om noko meir' }));
    await user.click((await screen.findAllByRole('checkbox'))[1]!);
    await user.click(screen.getByRole('radio', { name: 'Avisa kom ikkje' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const next = await screen.findByRole('region', { name: 'Dette skjer no' });
    expect(within(next).getAllByRole('listitem')[0]).toHaveTextContent(
      'Kundeservice får klaga og følgjer ho opp.',
    );
    expect(screen.queryByText(/faktura|kr \d/)).toBeNull();
  });

  it('puts a day reported meanwhile on the day field, takes it out and keeps the rest', async () => {
    let reported = false;
    const calls = serveApi([
      route('GET', PATH, () =>
        json(
          reported
            ? overviewOf({
                deliveryDays: [
                  { date: today(), alreadyFiled: true, deliveryStopped: false },
                  { date: inDays(-1), alreadyFiled: false, deliveryStopped: false },
                  { date: inDays(-2), alreadyFiled: true, deliveryStopped: false },
                ],
              })
            : overviewOf(),
        ),
      ),
      codesRoute,
      route('POST', PATH, () => {
        reported = true;
        return problem(409, 'COMPLAINT_ALREADY_FILED', {
          errors: [{ field: 'dates.0', message: 'filed already' }],
        });
      }),
    ]);
    const { user } = await renderScreen();
    const boxes = await screen.findAllByRole('checkbox');
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    await user.click(screen.getByRole('radio', { name: 'Avisen kom for sent' }));
    await user.type(screen.getByRole('textbox', { name: /^Kommentar/ }), 'Kom kl. 11');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const message =
      'Du har alt meldt fra om en av dagene du valgte. Den er tatt bort fra valget ditt.';
    await waitFor(() =>
      expect(
        screen.getByRole('group', { name: 'Hvilke dager gjelder det?' }),
      ).toHaveAccessibleDescription(expect.stringContaining(message)),
    );
    await waitFor(() => expect(screen.getAllByRole('checkbox')[0]).toBeDisabled());
    expect(screen.getAllByRole('checkbox')[0]).not.toBeChecked();
    expect(screen.getAllByRole('checkbox')[1]).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Avisen kom for sent' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Kommentar/ })).toHaveValue('Kom kl. 11');
    expect(callsTo(calls, 'GET', PATH).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a stopped day with its reason, and says when the subscription started', async () => {
    serveApi([
      route('GET', PATH, () =>
        json(
          overviewOf({
            startDate: inDays(-2),
            deliveryDays: [
              { date: today(), alreadyFiled: false, deliveryStopped: false },
              { date: inDays(-1), alreadyFiled: false, deliveryStopped: true },
              { date: inDays(-2), alreadyFiled: false, deliveryStopped: false },
            ],
          }),
        ),
      ),
      codesRoute,
    ]);
    await renderScreen();
    const group = await screen.findByRole('group', { name: 'Hvilke dager gjelder det?' });
    const boxes = within(group).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(3);
    expect(boxes[1]).toBeDisabled();
    expect(boxes[1]).toHaveAccessibleName(dayLabel(inDays(-1)));
    expect(boxes[1]!.labels?.[0]).toHaveTextContent(/\(leveringen var stoppet\)$/);
    expect(boxes[0]).toBeEnabled();
    expect(boxes[2]).toBeEnabled();
    // Only the days since the start are there, and the hint says why.
    expect(group).toHaveAccessibleDescription(
      expect.stringMatching(
        new RegExp(
          `Abonnementet ditt startet ${weekdays[isoWeekday(inDays(-2)) - 1]} ${Number(inDays(-2).slice(8))}\\. .*, så dagene før det er ikke med\\.`,
        ),
      ),
    );
  });

  it('shows a stopped day and the start in nynorsk', async () => {
    serveApi([
      route('GET', PATH, () =>
        json(
          overviewOf({
            startDate: inDays(-1),
            deliveryDays: [
              { date: today(), alreadyFiled: false, deliveryStopped: true },
              { date: inDays(-1), alreadyFiled: false, deliveryStopped: false },
            ],
          }),
        ),
      ),
      codesRoute,
    ]);
    await renderScreen(paper, 'nn');
    const group = await screen.findByRole('group', { name: 'Kva dagar gjeld det?' });
    const [stopped] = within(group).getAllByRole('checkbox') as HTMLInputElement[];
    expect(stopped).toBeDisabled();
    expect(stopped!.labels?.[0]).toHaveTextContent(/\(i dag\) \(leveringa var stoppa\)$/);
    expect(group).toHaveAccessibleDescription(
      expect.stringContaining('så dagane før det er ikkje med.'),
    );
    expect(group).toHaveAccessibleDescription(expect.stringContaining('Abonnementet ditt starta'));
  });

  it('says nothing of a start long before the window', async () => {
    serveApi([route('GET', PATH, () => json(overviewOf())), codesRoute]);
    await renderScreen();
    const group = await screen.findByRole('group', { name: 'Hvilke dager gjelder det?' });
    expect(group).not.toHaveAccessibleDescription(/startet/);
  });

  it.each([
    [
      'COMPLAINT_DATE_DELIVERY_STOPPED',
      'Leveringen var stoppet en av dagene du valgte, så det kom ingen avis den dagen. Den er tatt bort fra valget ditt.',
    ],
    [
      'COMPLAINT_DATE_BEFORE_START',
      'En av dagene du valgte, var før abonnementet ditt startet. Den er tatt bort fra valget ditt.',
    ],
  ])('puts %s on the day field, takes the day out and keeps the rest', async (code, message) => {
    let refused = false;
    const calls = serveApi([
      route('GET', PATH, () =>
        json(
          refused
            ? overviewOf({
                deliveryDays: [
                  { date: today(), alreadyFiled: false, deliveryStopped: false },
                  { date: inDays(-1), alreadyFiled: false, deliveryStopped: true },
                ],
              })
            : overviewOf(),
        ),
      ),
      codesRoute,
      route('POST', PATH, () => {
        refused = true;
        return problem(400, code, {
          errors: [{ field: 'dates.1', message: 'no paper was due' }],
        });
      }),
    ]);
    const { user } = await renderScreen();
    const boxes = await screen.findAllByRole('checkbox');
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    await user.click(screen.getByRole('radio', { name: 'Avisen kom ikke' }));
    await user.type(screen.getByRole('textbox', { name: /^Kommentar/ }), 'Ingen avis');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(
        screen.getByRole('group', { name: 'Hvilke dager gjelder det?' }),
      ).toHaveAccessibleDescription(expect.stringContaining(message)),
    );
    expect(screen.getAllByRole('checkbox')[0]).toBeChecked();
    await waitFor(() => expect(screen.getAllByRole('checkbox')[1]).toBeDisabled());
    expect(screen.getAllByRole('checkbox')[1]).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Avisen kom ikke' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Kommentar/ })).toHaveValue('Ingen avis');
    expect(callsTo(calls, 'GET', PATH).length).toBeGreaterThanOrEqual(2);
  });

  it('says how long to wait after too many complaints, and keeps the input', async () => {
    serveApi([
      route('GET', PATH, () => json(overviewOf())),
      codesRoute,
      route('POST', PATH, () =>
        problem(429, 'RATE_LIMITED', { headers: { 'retry-after': '1500' } }),
      ),
    ]);
    const { user } = await renderScreen();
    await user.click((await screen.findAllByRole('checkbox'))[0]!);
    await user.click(screen.getByRole('radio', { name: 'Avisen kom ikke' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /^Du har prøvd mange ganger på kort tid\. Vent 25 min \(til kl\. \d\d:\d\d\) før du prøver igjen\.$/,
    );
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getAllByRole('checkbox')[0]).toBeChecked();
  });

  it('tells a digital subscriber why, and sends them to customer service', async () => {
    const calls = serveApi([
      route('GET', PATH, () =>
        json(overviewOf({ eligibility: 'NOT_PAPER', deliveryDays: [], complaints: [] })),
      ),
    ]);
    await renderScreen(subscriptionWith({ planName: 'Digital' }));
    const notice = await screen.findByRole('region', { name: 'Gjelder bare papiravis' });
    expect(notice).toHaveTextContent(
      'Du kan bare melde fra om levering når du har papiravis. Abonnementet ditt (Digital) er digitalt, så vi leverer ingen avis til deg.',
    );
    expect(within(notice).getByRole('link', { name: 'Gå til kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/complaintcodes')).toHaveLength(0);
  });

  it('says when the page could not be read, and tries again', async () => {
    let fail = true;
    serveApi([
      route('GET', PATH, () => (fail ? problem(500, 'INTERNAL_ERROR') : json(overviewOf()))),
      codesRoute,
    ]);
    const { user } = await renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Vi fikk ikke hentet skjemaet.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findAllByRole('checkbox')).toHaveLength(3);
  });

  it('reads in nynorsk', async () => {
    serveApi([route('GET', PATH, () => json(overviewOf())), codesRoute]);
    const { user } = await renderScreen(paper, 'nn');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Meld frå om avisleveringa' }),
    ).toBeVisible();
    const days = await screen.findByRole('group', { name: 'Kva dagar gjeld det?' });
    const nn = ['måndag', 'tysdag', 'onsdag', 'torsdag', 'fredag', 'laurdag', 'søndag'];
    expect(within(days).getAllByRole('checkbox')[0]).toHaveAccessibleName(
      new RegExp(`^${nn[isoWeekday(today()) - 1]} `),
    );
    expect(await screen.findByRole('radio', { name: 'Avisa kom ikkje' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('link', { name: 'Vel minst éin dag' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Vel kva som var gale' })).toBeVisible();
  });
});
