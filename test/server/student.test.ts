// Student and pupil verification: POST student-email/, activate-student-subscription/,
// register-student/ and activate-student/ with every result code of requirements §8, the code's expiry
// and replay (injected clock), the resend wait and rate limits, two readers verifying one
// address at once, the student plan sold only to a verified reader, and the under-18 refusal.
// On PGlite, and on PostgreSQL with DATABASE_URL.
import { beforeEach, describe, expect, it } from '@jest/globals';

import { loadConfig } from '../../src/server/config';
import {
  ACTIVATE_LIMIT,
  CODE_EMAIL_LIMIT,
  DEFAULT_STUDENT_CONFIG,
  MAX_WRONG_CODES,
  registerStudent,
} from '../../src/server/domain/student/student';
import { STUDENT_PLAN_ID } from '../../src/shared/subscription/plans';

import { freshSpid, messagesTo } from './family-support';
import { twoSendsAtOnce } from './send-support';
import { newIdentitySession, sessionFor, type TestSession } from './session-support';
import { buildTestApp, TEST_NOW } from './support';

const t = buildTestApp();
beforeEach(() => {
  t.clock.set(TEST_NOW);
});

interface Answer {
  result: string;
  message: string | null;
  institution?: string | null;
  expiresAt?: string | null;
  resendAvailableAt?: string | null;
  validUntil?: string | null;
}

const registerEmail = (s: TestSession, email: string, titleCode = 'FVN') =>
  s.request({ method: 'POST', url: '/api/student-email/', payload: { email, titleCode } });
const activateEmail = (s: TestSession, email: string, code: string, titleCode = 'FVN') =>
  s.request({
    method: 'POST',
    url: '/api/activate-student-subscription/',
    payload: { email, code, titleCode },
  });
const registerPupil = (s: TestSession, email: string, institution: string, titleCode = 'FVN') =>
  s.request({
    method: 'POST',
    url: '/api/register-student/',
    payload: { email, institution, titleCode, kind: 'pupil' },
  });
const activateCode = (s: TestSession, code: string, titleCode = 'FVN') =>
  s.request({ method: 'POST', url: '/api/activate-student/', payload: { code, titleCode } });
const quoteStudentPlan = (s: TestSession, titleCode = 'FVN') =>
  s.request({
    method: 'POST',
    url: '/api/orders/quote',
    payload: { kind: 'new', titleCode, ariaPlanID: STUDENT_PLAN_ID, period: 'Månedlig' },
  });

async function answerOf(response: { statusCode: number; json(): unknown }): Promise<Answer> {
  expect(response.statusCode).toBe(200);
  return response.json() as Answer;
}

/** A reader who has never been here (no account, no subscription). */
const newReader = (titleCode = 'FVN', birthDate = '2003-01-15') =>
  newIdentitySession(t, freshSpid('55'), titleCode, { birth_date: birthDate });

let mailbox = 0;
const studentAddress = () => `student${++mailbox}@student.uia.no`;

/** The code of the newest e-mail to `email`. */
async function codeTo(email: string): Promise<string> {
  const [newest] = await messagesTo(t, email);
  const code = /Koden din er (\d{6})\./.exec(newest?.body ?? '')?.[1];
  if (!code) throw new Error(`No code to ${email}`);
  return code;
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const after = (seconds: number) =>
  new Date(new Date(TEST_NOW).getTime() + seconds * 1000).toISOString();

describe('registering a student e-mail (student-email/)', () => {
  it('ok: a 6-digit code goes to the address, with the institution, the expiry and the resend wait', async () => {
    const reader = await newReader();
    const email = studentAddress();
    const answer = await answerOf(await registerEmail(reader, email));
    expect(answer).toEqual({
      result: 'ok',
      message: null,
      institution: 'Universitetet i Agder',
      expiresAt: after(600),
      resendAvailableAt: after(60),
    });
    const [mail] = await messagesTo(t, email);
    expect(mail!.channel).toBe('email');
    expect(mail!.body).toMatch(/Koden din er \d{6}\. Den gjelder i 10 minutter/);
    expect(mail!.body).toContain('Universitetet i Agder');
  });

  it('EMAIL_WRONG: an address that is not a student address, a look-alike domain, a pupil address', async () => {
    const reader = await newReader();
    for (const email of [
      'kari@gmail.com',
      'kari@fakeuia.no',
      'kari@uia.no.evil.com',
      'ola@osloskolen.no',
    ]) {
      const answer = await answerOf(await registerEmail(reader, email));
      expect([email, answer.result, answer.message]).toEqual([
        email,
        'EMAIL_WRONG',
        'Du må bruke e-postadressen du har fra studiestedet',
      ]);
    }
    expect(await messagesTo(t, 'kari@gmail.com')).toEqual([]);
  });

  it('ARIA_ACTIVE: a reader who holds another subscription to the title', async () => {
    const answer = await answerOf(
      await registerEmail(await sessionFor(t, 'digital@demo.minside.no'), studentAddress()),
    );
    expect([answer.result, answer.message]).toEqual([
      'ARIA_ACTIVE',
      'Du har allerede et aktivt abonnement',
    ]);
  });

  it('a student subscriber verifies again (the yearly re-verification is not ARIA_ACTIVE)', async () => {
    const sofie = await sessionFor(t, 'student@demo.minside.no');
    const email = 'sofie.student@stud.ntnu.no';
    expect((await answerOf(await registerEmail(sofie, email))).result).toBe('ok');
    const answer = await answerOf(await activateEmail(sofie, email, await codeTo(email)));
    expect(answer).toMatchObject({ result: 'ok', validUntil: '2027-03-10' });
  });

  it('USER_EXIST_ACTIVE: an address another reader has verified on the title', async () => {
    const first = await newReader();
    const email = studentAddress();
    await registerEmail(first, email);
    expect((await answerOf(await activateEmail(first, email, await codeTo(email)))).result).toBe(
      'ok',
    );
    const second = await newReader();
    expect((await answerOf(await registerEmail(second, email))).result).toBe('USER_EXIST_ACTIVE');
    // On another title the address is free.
    const onFir = await newReader('FIR');
    expect((await answerOf(await registerEmail(onFir, email, 'FIR'))).result).toBe('ok');
  });

  it('answers a nynorsk title in nynorsk', async () => {
    const reader = await newReader('FIR');
    const email = studentAddress();
    await registerEmail(reader, email, 'FIR');
    const [mail] = await messagesTo(t, email);
    expect(mail!.body).toMatch(/Koden din er \d{6}\. Han gjeld i 10 minutt/);
    expect(mail!.body).toContain('Mi side');
  });

  it('refuses what the contract does not allow (400) and a reader who is not signed in (401)', async () => {
    const reader = await newReader();
    const missing = await reader.request({
      method: 'POST',
      url: '/api/student-email/',
      payload: { titleCode: 'FVN' },
    });
    expect([missing.statusCode, missing.headers['content-type']]).toEqual([
      400,
      expect.stringContaining('application/problem+json'),
    ]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/student-email/',
      headers: { host: 'fvn.localhost', origin: 'http://fvn.localhost', 'x-minside-request': '1' },
      payload: { email: studentAddress(), titleCode: 'FVN' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the code (activate-student-subscription/)', () => {
  it('CODE_WRONG, then ok: verified for 12 months, and the student plan can be ordered', async () => {
    const reader = await newReader();
    const email = studentAddress();
    await registerEmail(reader, email);
    // Registered, not verified: the student plan is not sold.
    const refused = await quoteStudentPlan(reader);
    expect([refused.statusCode, refused.json().code]).toEqual([
      400,
      'STUDENT_VERIFICATION_REQUIRED',
    ]);
    const code = await codeTo(email);
    const wrong = await answerOf(await activateEmail(reader, email, wrongOf(code)));
    expect([wrong.result, wrong.message]).toEqual(['CODE_WRONG', 'Koden er feil']);
    const ok = await answerOf(await activateEmail(reader, email, code));
    expect(ok).toEqual({ result: 'ok', message: null, validUntil: '2027-03-10' });
    const quote = await quoteStudentPlan(reader);
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ ariaPlanID: STUDENT_PLAN_ID, amount: 4900 });
  });

  it('INVALID_CODE after 10 minutes (injected clock), and for a replayed code', async () => {
    const reader = await newReader();
    const email = studentAddress();
    await registerEmail(reader, email);
    const code = await codeTo(email);
    t.clock.set(after(600));
    const expired = await answerOf(await activateEmail(reader, email, code));
    expect([expired.result, expired.message]).toEqual([
      'INVALID_CODE',
      'Koden har utløpt. Be om en ny kode',
    ]);
    t.clock.set(after(601));
    await registerEmail(reader, email);
    const fresh = await codeTo(email);
    t.clock.set(after(1199));
    expect((await answerOf(await activateEmail(reader, email, fresh))).result).toBe('ok');
    expect((await answerOf(await activateEmail(reader, email, fresh))).result).toBe('INVALID_CODE');
  });

  it(`INVALID_CODE after ${MAX_WRONG_CODES} wrong tries, even with the right code`, async () => {
    const reader = await newReader();
    const email = studentAddress();
    await registerEmail(reader, email);
    const code = await codeTo(email);
    for (let i = 0; i < MAX_WRONG_CODES; i++)
      expect((await answerOf(await activateEmail(reader, email, wrongOf(code)))).result).toBe(
        'CODE_WRONG',
      );
    expect((await answerOf(await activateEmail(reader, email, code))).result).toBe('INVALID_CODE');
  });

  it('USER_NOT_EXIST: no registration, or another address than the one registered', async () => {
    const reader = await newReader();
    expect((await answerOf(await activateEmail(reader, studentAddress(), '123456'))).result).toBe(
      'USER_NOT_EXIST',
    );
    await registerEmail(reader, studentAddress());
    const other = await answerOf(await activateEmail(reader, studentAddress(), '123456'));
    expect(other.result).toBe('USER_NOT_EXIST');
  });

  it('a code for another reader does not verify this one (the reader is the session)', async () => {
    const owner = await newReader();
    const email = studentAddress();
    await registerEmail(owner, email);
    const thief = await newReader();
    expect((await answerOf(await activateEmail(thief, email, await codeTo(email)))).result).toBe(
      'USER_NOT_EXIST',
    );
  });

  it('two readers verifying one address at once: one is verified, the other USER_EXIST_ACTIVE', async () => {
    const email = studentAddress();
    const first = await newReader();
    const second = await newReader();
    await registerEmail(first, email);
    const firstCode = await codeTo(email);
    await registerEmail(second, email);
    const secondCode = await codeTo(email);
    const answers = await Promise.all([
      answerOf(await activateEmail(first, email, firstCode)),
      answerOf(await activateEmail(second, email, secondCode)),
    ]);
    expect(answers.map((a) => a.result).sort()).toEqual(['USER_EXIST_ACTIVE', 'ok']);
    const [row] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from student_verifications
        where email_normalised = $1 and status = 'verified'`,
      [email],
    );
    expect(row!.n).toBe(1);
  });

  it('two activations of one code at once verify once', async () => {
    const reader = await newReader();
    const email = studentAddress();
    await registerEmail(reader, email);
    const code = await codeTo(email);
    const answers = await Promise.all([
      activateEmail(reader, email, code),
      activateEmail(reader, email, code),
    ]);
    expect(answers.map((a) => (a.json() as Answer).result).sort()).toEqual(['INVALID_CODE', 'ok']);
  });
});

describe('limits', () => {
  it('a new code a minute after the last at the earliest (429 with Retry-After); then only the newest code counts', async () => {
    const reader = await newReader();
    const email = studentAddress();
    await registerEmail(reader, email);
    const first = await codeTo(email);
    t.clock.set(after(30));
    const early = await registerEmail(reader, email);
    expect([early.statusCode, early.headers['retry-after']]).toEqual([429, '30']);
    expect(early.json()).toMatchObject({ code: 'RATE_LIMITED' });
    t.clock.set(after(60));
    expect((await answerOf(await registerEmail(reader, email))).result).toBe('ok');
    const second = await codeTo(email);
    // The first code is not the one that counts now (a six-digit code may repeat by chance).
    if (first !== second)
      expect((await answerOf(await activateEmail(reader, email, first))).result).toBe('CODE_WRONG');
    expect((await answerOf(await activateEmail(reader, email, second))).result).toBe('ok');
  });

  it(`${CODE_EMAIL_LIMIT.limit} codes to one address in 10 minutes, whoever asks`, async () => {
    const email = studentAddress();
    for (let i = 0; i < CODE_EMAIL_LIMIT.limit; i++) {
      const reader = await newReader();
      expect((await answerOf(await registerEmail(reader, email))).result).toBe('ok');
    }
    const more = await registerEmail(await newReader(), email);
    expect(more.statusCode).toBe(429);
  });

  it(`${ACTIVATE_LIMIT.limit} activation tries per reader an hour`, async () => {
    const reader = await newReader();
    for (let i = 0; i < ACTIVATE_LIMIT.limit; i++)
      expect((await activateEmail(reader, studentAddress(), '000000')).statusCode).toBe(200);
    expect((await activateEmail(reader, studentAddress(), '000000')).statusCode).toBe(429);
  });
});

describe('a code is sent once per Idempotency-Key', () => {
  const keyed = (s: TestSession, url: string, key: string, payload: object) =>
    s.request({ method: 'POST', url, payload, headers: { 'idempotency-key': key } });

  it('the same request again gets the first answer, not the resend wait, and no second e-mail', async () => {
    const reader = await newReader();
    const email = studentAddress();
    const first = await keyed(reader, '/api/student-email/', 'student-send-0001-aaaa', {
      email,
      titleCode: 'FVN',
    });
    t.clock.set(after(5));
    const again = await keyed(reader, '/api/student-email/', 'student-send-0001-aaaa', {
      email,
      titleCode: 'FVN',
    });
    expect((await answerOf(first)).result).toBe('ok');
    expect(await answerOf(again)).toEqual(await answerOf(first));
    expect(await messagesTo(t, email)).toHaveLength(1);
    // The code of that one e-mail verifies.
    const code = await codeTo(email);
    expect((await answerOf(await activateEmail(reader, email, code))).result).toBe('ok');
  });

  it('a pupil: the same key again sends nothing; a new key within the minute is the resend wait', async () => {
    const reader = await newReader();
    const email = `elev${++mailbox}@osloskolen.no`;
    const payload = { email, institution: 'Kvadraturen vgs', titleCode: 'FVN', kind: 'pupil' };
    const first = await keyed(reader, '/api/register-student/', 'pupil-send-0001-aaaaa', payload);
    const again = await keyed(reader, '/api/register-student/', 'pupil-send-0001-aaaaa', payload);
    expect((await answerOf(first)).result).toBe('ok');
    expect(await answerOf(again)).toEqual(await answerOf(first));
    expect(await messagesTo(t, email)).toHaveLength(1);
    const other = await keyed(reader, '/api/register-student/', 'pupil-send-0002-aaaaa', payload);
    expect(other.statusCode).toBe(429);
  });

  it('the same key with another address is 422 IDEMPOTENCY_KEY_REUSED and sends nothing', async () => {
    const reader = await newReader();
    const email = studentAddress();
    await keyed(reader, '/api/student-email/', 'student-send-0002-aaaa', {
      email,
      titleCode: 'FVN',
    });
    const otherEmail = studentAddress();
    const refused = await keyed(reader, '/api/student-email/', 'student-send-0002-aaaa', {
      email: otherEmail,
      titleCode: 'FVN',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await messagesTo(t, otherEmail)).toHaveLength(0);
  });

  it('a repeat while the first is still sending waits for it: one e-mail, the limits counted once', async () => {
    const reader = await newReader();
    const email = studentAddress();
    const input = {
      email,
      titleCode: 'FVN',
      kind: 'student' as const,
      idempotencyKey: 'student-send-0003-aaaa',
    };
    const { answers, sent } = await twoSendsAtOnce((sender) =>
      registerStudent(
        { db: t.db, clock: t.clock, config: DEFAULT_STUDENT_CONFIG, sender: () => sender },
        reader,
        input,
      ),
    );
    expect(answers[0].result).toBe('ok');
    expect(answers[1]).toEqual(answers[0]);
    expect(sent).toEqual([email]);
    const counts = await t.db.query<{ key: string; count: number }>(
      'select key, count from rate_limits where key in ($1, $2)',
      [`student-code-user:${reader.spidId}`, `student-code-email:${email}`],
    );
    expect(counts.map((row) => Number(row.count))).toEqual([1, 1]);
  });
});

describe('pupils (register-student/, activate-student/)', () => {
  it('a pupil verifies with a school address; buying is refused under 18 (requirements §5)', async () => {
    const emma = await sessionFor(t, 'elev@demo.minside.no');
    const email = 'emma.elev@osloskolen.no';
    const registered = await answerOf(await registerPupil(emma, email, 'Elvebakken vgs'));
    expect(registered).toMatchObject({ result: 'ok', institution: 'Elvebakken vgs' });
    const [mail] = await messagesTo(t, email);
    expect(mail!.body).toContain('elevtilbudet');
    expect((await answerOf(await activateCode(emma, await codeTo(email)))).result).toBe('ok');
    const quote = await quoteStudentPlan(emma);
    expect([quote.statusCode, quote.json().code]).toEqual([422, 'AGE_BELOW_MINIMUM']);
  });

  it('EMAIL_WRONG for a university address as a pupil', async () => {
    const reader = await newReader();
    const answer = await answerOf(await registerPupil(reader, studentAddress(), 'Kvadraturen'));
    expect(answer.result).toBe('EMAIL_WRONG');
  });
});

describe('the catalogue', () => {
  it("lists the student plan apart, with the two campaigns' periods, not among the products", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/catalogue/FVN',
      headers: { host: 'fvn.localhost' },
    });
    expect(response.statusCode).toBe(200);
    const catalogue = response.json() as {
      products: { ariaPlanID: string }[];
      studentPlan: { ariaPlanID: string; options: { period: string; price: number }[] } | null;
    };
    expect(catalogue.products.map((p) => p.ariaPlanID)).not.toContain(STUDENT_PLAN_ID);
    expect(catalogue.studentPlan?.ariaPlanID).toBe(STUDENT_PLAN_ID);
    expect(catalogue.studentPlan?.options.map((o) => [o.period, o.price])).toEqual([
      ['Månedlig', 4900],
      ['Årlig', 49000],
    ]);
  });
});

describe('demo data', () => {
  it('student-ny@ is registered, not yet verified: a guessed code is wrong, a new code works', async () => {
    const sindre = await sessionFor(t, 'student-ny@demo.minside.no');
    const email = 'sindre.studentsen@student.uia.no';
    expect((await answerOf(await activateEmail(sindre, email, '000000'))).result).toBe(
      'CODE_WRONG',
    );
    expect((await answerOf(await registerEmail(sindre, email))).result).toBe('ok');
    expect((await answerOf(await activateEmail(sindre, email, await codeTo(email)))).result).toBe(
      'ok',
    );
  });
});

describe('the resend wait is the operator’s (STUDENT_CODE_RESEND_SECONDS)', () => {
  const shortWait = buildTestApp({
    config: { student: { ...DEFAULT_STUDENT_CONFIG, resendWaitSeconds: 20 } },
  });
  beforeEach(() => {
    shortWait.clock.set(TEST_NOW);
  });

  it('is read from the environment, 5–600 seconds, 60 when unset', () => {
    expect(loadConfig({}).student.resendWaitSeconds).toBe(60);
    expect(loadConfig({ STUDENT_CODE_RESEND_SECONDS: '20' }).student.resendWaitSeconds).toBe(20);
    for (const bad of ['4', '601', 'ett minutt'])
      expect(() => loadConfig({ STUDENT_CODE_RESEND_SECONDS: bad })).toThrow(
        /STUDENT_CODE_RESEND_SECONDS/,
      );
  });

  it('the answer, the refusal and the next code follow it', async () => {
    const reader = await newIdentitySession(shortWait, freshSpid('56'), 'FVN', {
      birth_date: '2003-01-15',
    });
    const email = studentAddress();
    const first = await answerOf(await registerEmail(reader, email));
    expect(first).toMatchObject({ result: 'ok', resendAvailableAt: after(20) });
    shortWait.clock.set(after(15));
    const early = await registerEmail(reader, email);
    expect([early.statusCode, early.headers['retry-after']]).toEqual([429, '5']);
    shortWait.clock.set(after(20));
    expect((await answerOf(await registerEmail(reader, email))).result).toBe('ok');
  });
});
