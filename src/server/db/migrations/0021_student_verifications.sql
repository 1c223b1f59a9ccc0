-- Student and pupil verifications (/student-verifisering, /elev-verifisering). Owned by
-- domain/student/student.ts. A reader registers a student (or pupil) e-mail address on a title
-- and gets a 6-digit code there; the right code verifies the address for a year, which lets the
-- reader order the student plan of the title. The code is kept as a hash only.
--
-- status: registered (a code is out), verified (the code was right; valid until valid_until),
-- replaced (a newer registration of the same reader and title took its place), lapsed (a
-- verification past valid_until, or one a newer verification of the same reader replaced).
create table student_verifications (
  id                uuid        primary key,
  spid_id           text        not null,
  aria_account_no   text        not null references accounts (aria_account_no),
  title_code        text        not null,
  kind              text        not null check (kind in ('student', 'pupil')),
  email             text        not null check (char_length(email) between 3 and 254),
  email_normalised  text        not null check (email_normalised = lower(email_normalised)),
  institution       text        not null check (char_length(institution) between 1 and 200),
  status            text        not null check (status in ('registered', 'verified', 'replaced', 'lapsed')),
  code_hash         text        not null,
  code_sent_at      timestamptz not null,
  code_expires_at   timestamptz not null,
  code_wrong_tries  integer     not null default 0 check (code_wrong_tries >= 0),
  verified_at       timestamptz,
  valid_until       date,
  created_at        timestamptz not null,
  check (status <> 'verified' or (verified_at is not null and valid_until is not null))
);

-- One open registration per reader and title, and one reader per verified address and title
-- (two readers cannot share a student address; two verifications at once: one wins).
create unique index student_verifications_open
  on student_verifications (spid_id, title_code) where status = 'registered';
create unique index student_verifications_verified_email
  on student_verifications (title_code, email_normalised) where status = 'verified';
create index student_verifications_of_account
  on student_verifications (aria_account_no, title_code, status);
