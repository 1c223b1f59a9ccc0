// The embedded identity provider's account page (/idp/account): where a reader changes what the
// provider owns of them — their name and birth date — as they would on the central provider's
// own account page. Min Side links here from /endre-profil and /kontakt (the default
// IDENTITY_ACCOUNT_URL, account-url.ts). It needs the provider's own sign-in session (the
// idp_session cookie the sign-in set; SameSite=Lax, so another site's form cannot post here with
// it, and a post must come from this origin); the login e-mail is shown, not changed (it is what
// the reader signs in with). Min Side reads the changes at the reader's next sign-in: its session
// keeps the claims of the sign-in, as with any OpenID provider.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

import { birthDateProblem } from '../../shared/subscription/birth-date';
import { osloDateOf } from '../../shared/time/oslo';
import type { Clock } from '../clock';
import type { Queryable } from '../db/db';
import { escapeHtml, PAGE_HEADERS, pageSecurity, renderPage } from '../http/html';

import { ACCOUNT_PAGE_PATH } from './account-url';
import { languageOfClient, PAGE_TEXTS, type PageTexts } from './page-texts';
import { findIdentity, type IdentityDetails, updateIdentityDetails } from './users';

export interface AccountPageOptions {
  readonly provider: Provider;
  readonly db: Queryable;
  readonly clock: Clock;
  /** The title client's name and the Min Side origin it may return to ('' when none). */
  readonly clientOf: (
    clientId: string,
    returnTo: string,
  ) => { readonly name: string; readonly returnOrigin: string } | null;
}

type AccountQuery = { client_id?: unknown; return_to?: unknown };

interface Form {
  readonly givenName: string;
  readonly familyName: string;
  readonly birthDate: string;
}

type FormErrors = Partial<Record<keyof Form, string>>;

// A name is one line of plain text: no control characters, no half of a surrogate pair.
const NOT_PLAIN = /[\u0000-\u001F\u007F]|\p{Cs}/u; // eslint-disable-line no-control-regex
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What is wrong with the posted form, or nothing. */
function check(form: Form, identity: IdentityDetails, today: string, t: PageTexts['account']) {
  const errors: FormErrors = {};
  const name = (value: string) => value.length > 0 && value.length <= 100 && !NOT_PLAIN.test(value);
  if (!name(form.givenName)) errors.givenName = t.nameRequired;
  if (!name(form.familyName)) errors.familyName = t.nameRequired;
  // Known once, it stays as it is: the newspapers' age rules (18+ to buy, the youth plan under
  // 34) rest on it, so a reader cannot make themselves younger here; a wrong one is corrected by
  // customer service. Unknown, it may be given once.
  if (identity.birthDate) {
    if (form.birthDate !== identity.birthDate) errors.birthDate = t.birthDateLocked;
  } else if (form.birthDate && birthDateProblem(form.birthDate, today)) {
    errors.birthDate = t.birthDateInvalid;
  }
  return errors;
}

export function registerAccountPage(scope: FastifyInstance, options: AccountPageOptions) {
  const { provider, db, clock } = options;

  /** The signed-in person of the provider's session cookie, if any. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply) {
    const session = await provider.Session.get(provider.createContext(request.raw, reply.raw));
    return session.accountId ? findIdentity(db, session.accountId) : undefined;
  }

  function context(request: FastifyRequest<{ Querystring: AccountQuery }>) {
    const clientId = text(request.query.client_id);
    const client = options.clientOf(clientId, text(request.query.return_to));
    const language = languageOfClient(clientId);
    return { clientId, client, language, t: PAGE_TEXTS[language] };
  }

  function send(reply: FastifyReply, page: ReturnType<typeof context>, body: string, status = 200) {
    reply.helmet(pageSecurity());
    return reply
      .code(status)
      .headers(PAGE_HEADERS)
      .send(renderPage(page.t.account.title, body, page.language));
  }

  function back(page: ReturnType<typeof context>): string {
    if (!page.client?.returnOrigin) return '';
    const href = `${page.client.returnOrigin}/endre-profil`;
    return `<p><a href="${escapeHtml(href)}">${escapeHtml(page.t.account.backTo(page.client.name))}</a></p>`;
  }

  function formPage(
    page: ReturnType<typeof context>,
    identity: IdentityDetails,
    form: Form,
    outcome: { readonly saved?: boolean; readonly errors?: FormErrors },
  ): string {
    const t = page.t.account;
    const errors = outcome.errors ?? {};
    const query = new URLSearchParams({
      client_id: page.clientId,
      return_to: page.client?.returnOrigin ?? '',
    });
    // A field's error, and the birth date's note, are read with the field.
    const invalid = (field: keyof Form) => {
      const described = [
        field === 'birthDate' ? 'birthDate-note' : '',
        errors[field] ? `${field}-error` : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `${errors[field] ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}`;
    };
    const message = (field: keyof Form) =>
      errors[field] ? `<p id="${field}-error" class="alert">${escapeHtml(errors[field])}</p>` : '';
    const alert = outcome.saved
      ? `<p class="note" role="status">${escapeHtml(t.saved)}</p>`
      : Object.keys(errors).length > 0
        ? `<p class="alert" role="alert">${escapeHtml(t.invalid)}</p>`
        : '';
    return `<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
${alert}
<form method="post" action="${ACCOUNT_PAGE_PATH}?${escapeHtml(query.toString())}">
<label for="givenName">${escapeHtml(t.givenName)}</label>
${message('givenName')}
<input id="givenName" name="givenName" autocomplete="given-name" required maxlength="100" value="${escapeHtml(form.givenName)}"${invalid('givenName')}>
<label for="familyName">${escapeHtml(t.familyName)}</label>
${message('familyName')}
<input id="familyName" name="familyName" autocomplete="family-name" required maxlength="100" value="${escapeHtml(form.familyName)}"${invalid('familyName')}>
<label for="birthDate">${escapeHtml(t.birthDate)}</label>
<p class="note" id="birthDate-note">${escapeHtml(identity.birthDate ? t.birthDateNote : t.birthDateOptionalNote)}</p>
${message('birthDate')}
<input id="birthDate" name="birthDate" type="date" autocomplete="bday" min="1900-01-01" value="${escapeHtml(identity.birthDate ?? form.birthDate)}"${identity.birthDate ? ' readonly' : ''}${invalid('birthDate')}>
<button type="submit">${escapeHtml(t.save)}</button>
</form>
<h2>${escapeHtml(t.loginEmail)}</h2>
<p>${escapeHtml(identity.email)}</p>
<p class="note">${escapeHtml(t.loginEmailNote)}</p>
${back(page)}`;
  }

  const formOf = (identity: IdentityDetails): Form => ({
    givenName: identity.givenName,
    familyName: identity.familyName,
    birthDate: identity.birthDate ?? '',
  });

  scope.get<{ Querystring: AccountQuery }>(ACCOUNT_PAGE_PATH, async (request, reply) => {
    const page = context(request);
    const identity = await signedIn(request, reply);
    if (!identity)
      return send(
        reply,
        page,
        `<h1>${escapeHtml(page.t.account.title)}</h1><p>${escapeHtml(page.t.account.signedOut)}</p>${back(page)}`,
        401,
      );
    return send(reply, page, formPage(page, identity, formOf(identity), {}));
  });

  scope.post<{ Querystring: AccountQuery; Body: unknown }>(
    ACCOUNT_PAGE_PATH,
    async (request, reply) => {
      const page = context(request);
      // A form of this page only: the browser names the origin it was posted from.
      const origin = request.headers.origin;
      const own = `${request.protocol}://${request.host}`;
      const identity = await signedIn(request, reply);
      if (!identity || (origin !== undefined && origin !== own))
        return send(
          reply,
          page,
          `<h1>${escapeHtml(page.t.account.title)}</h1><p>${escapeHtml(page.t.account.signedOut)}</p>${back(page)}`,
          403,
        );
      const body = (request.body ?? {}) as Record<string, unknown>;
      const form: Form = {
        givenName: text(body.givenName).trim(),
        familyName: text(body.familyName).trim(),
        birthDate: text(body.birthDate).trim(),
      };
      const errors = check(form, identity, osloDateOf(clock.now()), page.t.account);
      if (Object.keys(errors).length > 0)
        return send(reply, page, formPage(page, identity, form, { errors }), 422);
      await updateIdentityDetails(db, identity.spidId, {
        givenName: form.givenName,
        familyName: form.familyName,
        birthDate: form.birthDate || null,
      });
      return send(reply, page, formPage(page, identity, form, { saved: true }));
    },
  );
}
