// The sandbox provider's hosted payment page, /sandbox/pay/{paymentId}: what Vipps' landing page
// or Swedbank Pay's card page is in production. The tester chooses Approve, Decline, Time out
// or Cancel; the page then sends the browser back to the shop's return (or cancel) URL. The
// shop learns the result only by asking the provider (and from the signed callback).
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { formatKroner } from '../../shared/money/money';
import { escapeHtml, PAGE_HEADERS, pageSecurity, renderPage } from '../http/html';

import type {
  SandboxAction,
  SandboxAgreementView,
  SandboxPaymentProvider,
  SandboxPaymentView,
} from './sandbox';

const actions: ReadonlySet<string> = new Set<SandboxAction>([
  'approve',
  'decline',
  'timeout',
  'cancel',
]);

const methodLabel = (payment: SandboxPaymentView) =>
  payment.method === 'VIPPS' ? 'Vipps' : 'Betalingskort';

const statusText: Readonly<Record<string, string>> = {
  AUTHORIZED: 'Betalingen er godkjent.',
  CAPTURED: 'Betalingen er godkjent.',
  DECLINED: 'Betalingen ble avvist.',
  CANCELLED: 'Betalingen er avbrutt.',
  EXPIRED: 'Betalingen er utløpt.',
};

function paymentPage(payment: SandboxPaymentView): string {
  const summary = `<dl>
<dt>Butikk</dt><dd>${escapeHtml(payment.merchant)}</dd>
<dt>Gjelder</dt><dd>${escapeHtml(payment.description)}</dd>
<dt>Beløp</dt><dd>${escapeHtml(formatKroner(payment.amountOre))}</dd>
<dt>Betalingsmåte</dt><dd>${methodLabel(payment)}</dd>
</dl>`;
  if (payment.status !== 'CREATED') {
    const back = payment.returnUrl
      ? `<p><a href="${escapeHtml(payment.returnUrl)}">Tilbake til ${escapeHtml(payment.merchant)}</a></p>`
      : '';
    return renderPage(
      'Betaling',
      `<h1>Betaling (testmiljø)</h1>${summary}<p role="status">${statusText[payment.status]}</p>${back}`,
    );
  }
  const id = escapeHtml(payment.paymentId);
  return renderPage(
    'Betaling',
    `<h1>Betaling (testmiljø)</h1>
<p>Dette er betalingssandkassen til Min Side. Ingen ekte penger trekkes. Velg hva betalingstjenesten skal svare.</p>
${summary}
<form method="post" action="/sandbox/pay/${id}">
<button type="submit" name="action" value="approve">Godkjenn betalingen</button>
<button type="submit" name="action" value="decline" class="secondary">Avvis betalingen</button>
<button type="submit" name="action" value="timeout" class="secondary">Tidsavbrudd (svarer ikke)</button>
<button type="submit" name="action" value="cancel" class="secondary">Avbryt og gå tilbake</button>
</form>`,
  );
}

/** The tester's choices for the charges against an active agreement. */
const chargeOutcomes: Readonly<Record<string, 'USER_ACTION_REQUIRED' | 'TECHNICAL' | null>> = {
  'fail-funds': 'USER_ACTION_REQUIRED',
  'fail-technical': 'TECHNICAL',
  'charges-ok': null,
};

const PAYMENT_ID = /^pay_[0-9a-f]{16,32}$/;
const AGREEMENT_ID = /^(agr|card)_[0-9a-f]{16,32}$/;

function agreementPage(agreement: SandboxAgreementView): string {
  const what =
    agreement.method === 'VIPPS'
      ? 'Fast betaling med Vipps (avtale om trekk)'
      : 'Lagre betalingskort for faste trekk';
  const summary = `<dl>
<dt>Butikk</dt><dd>${escapeHtml(agreement.merchant)}</dd>
<dt>Gjelder</dt><dd>${escapeHtml(agreement.description)}</dd>
<dt>Avtale</dt><dd>${what}</dd>
</dl>`;
  if (agreement.status === 'ACTIVE') {
    const id = escapeHtml(agreement.agreementId);
    const back = agreement.returnUrl
      ? `<p><a href="${escapeHtml(agreement.returnUrl)}">Tilbake til ${escapeHtml(agreement.merchant)}</a></p>`
      : '';
    const next = agreement.failsWith
      ? `Neste trekk avvises (${agreement.failsWith === 'USER_ACTION_REQUIRED' ? 'ikke dekning' : 'teknisk feil'}).`
      : 'Neste trekk går gjennom.';
    const ending =
      agreement.method === 'VIPPS'
        ? '<button type="submit" name="action" value="stop">Stopp avtalen (som i Vipps-appen)</button>'
        : '<button type="submit" name="action" value="expire">La kortet gå ut på dato</button>';
    return renderPage(
      'Avtale',
      `<h1>Avtale (testmiljø)</h1>${summary}<p role="status">Avtalen er aktiv. ${next}</p>
<p>Her kan du gjøre det brukeren eller banken kan gjøre: avslutte avtalen, eller la de neste trekkene feile.</p>
<form method="post" action="/sandbox/agreement/${id}">
${ending}
<button type="submit" name="action" value="fail-funds" class="secondary">Avvis neste trekk: ikke dekning</button>
<button type="submit" name="action" value="fail-technical" class="secondary">Avvis neste trekk: teknisk feil</button>
<button type="submit" name="action" value="charges-ok" class="secondary">La trekkene gå gjennom igjen</button>
</form>
${back}`,
    );
  }
  if (agreement.status !== 'PENDING')
    return renderPage(
      'Avtale',
      `<h1>Avtale (testmiljø)</h1>${summary}<p role="status">${
        agreement.status === 'STOPPED'
          ? 'Avtalen er stoppet.'
          : agreement.status === 'EXPIRED'
            ? 'Kortet er utløpt.'
            : 'Avtalen ble ikke godkjent.'
      }</p><p><a href="${escapeHtml(agreement.returnUrl)}">Tilbake til ${escapeHtml(agreement.merchant)}</a></p>`,
    );
  return renderPage(
    'Avtale',
    `<h1>Avtale (testmiljø)</h1>
<p>Dette er betalingssandkassen til Min Side. Ingen ekte avtale opprettes. Velg hva betalingstjenesten skal svare.</p>
${summary}
<form method="post" action="/sandbox/agreement/${escapeHtml(agreement.agreementId)}">
<button type="submit" name="action" value="approve">Godkjenn avtalen</button>
<button type="submit" name="action" value="decline" class="secondary">Avvis avtalen</button>
</form>`,
  );
}

export async function registerSandboxPaymentPage(
  app: FastifyInstance,
  sandbox: SandboxPaymentProvider,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 4 * 1024 });
    // The headers of our own HTML pages (shared with the identity provider's): the forms post to
    // the sandbox itself, which redirects to the shop's return URL on this same host.
    const security = pageSecurity();
    scope.addHook('onRequest', async (_request, reply) => {
      reply.helmet(security);
    });

    const load = async (request: FastifyRequest, reply: FastifyReply) => {
      const { paymentId } = request.params as { paymentId: string };
      if (!PAYMENT_ID.test(paymentId)) return null;
      try {
        return await sandbox.getPayment(paymentId);
      } catch {
        return null;
      } finally {
        reply.headers(PAGE_HEADERS);
      }
    };
    const notFound = (reply: FastifyReply) =>
      reply
        .code(404)
        .send(
          renderPage(
            'Fant ikke betalingen',
            '<h1>Fant ikke betalingen</h1><p>Lenken er ugyldig eller utløpt.</p>',
          ),
        );

    scope.get('/sandbox/pay/:paymentId', async (request, reply) => {
      const payment = await load(request, reply);
      if (!payment) return notFound(reply);
      return reply.send(paymentPage(payment));
    });

    const loadAgreement = async (request: FastifyRequest, reply: FastifyReply) => {
      const { agreementId } = request.params as { agreementId: string };
      reply.headers(PAGE_HEADERS);
      if (!AGREEMENT_ID.test(agreementId)) return null;
      return sandbox.getAgreement(agreementId).catch(() => null);
    };

    scope.get('/sandbox/agreement/:agreementId', async (request, reply) => {
      const agreement = await loadAgreement(request, reply);
      if (!agreement) return notFound(reply);
      return reply.send(agreementPage(agreement));
    });

    scope.post('/sandbox/agreement/:agreementId', async (request, reply) => {
      const agreement = await loadAgreement(request, reply);
      if (!agreement) return notFound(reply);
      const origin = request.headers.origin;
      if (origin && origin !== `${request.protocol}://${request.host}`)
        return reply
          .code(403)
          .send(renderPage('Avvist', '<h1>Avvist</h1><p>Skjemaet kom fra et annet nettsted.</p>'));
      const action = (request.body as { action?: string } | undefined)?.action ?? '';
      if (action === 'stop') {
        const stopped = await sandbox.stopAgreement(agreement.agreementId);
        return reply.send(agreementPage(stopped));
      }
      if (action === 'expire')
        return reply.send(agreementPage(await sandbox.expireCard(agreement.agreementId)));
      if (Object.hasOwn(chargeOutcomes, action) && agreement.status === 'ACTIVE')
        return reply.send(
          agreementPage(
            await sandbox.setChargeOutcome(agreement.agreementId, chargeOutcomes[action]!),
          ),
        );
      if (action !== 'approve' && action !== 'decline')
        return reply.code(400).send(renderPage('Ugyldig valg', '<h1>Ugyldig valg</h1>'));
      const after = await sandbox.decideAgreement(agreement.agreementId, action === 'approve');
      return reply.code(303).header('location', after.returnUrl).send();
    });

    scope.post('/sandbox/pay/:paymentId', async (request, reply) => {
      const payment = await load(request, reply);
      if (!payment) return notFound(reply);
      // The form is the provider's own page: a post from anywhere else is refused.
      const origin = request.headers.origin;
      if (origin && origin !== `${request.protocol}://${request.host}`)
        return reply
          .code(403)
          .send(renderPage('Avvist', '<h1>Avvist</h1><p>Skjemaet kom fra et annet nettsted.</p>'));
      const action = (request.body as { action?: string } | undefined)?.action ?? '';
      if (!actions.has(action))
        return reply.code(400).send(renderPage('Ugyldig valg', '<h1>Ugyldig valg</h1>'));
      const after = await sandbox.act(payment.paymentId, action as SandboxAction);
      const target = action === 'cancel' ? after.cancelUrl : after.returnUrl;
      if (!target) return reply.send(paymentPage(after));
      return reply.code(303).header('location', target).send();
    });
  });
}
