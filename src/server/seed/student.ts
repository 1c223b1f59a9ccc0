// Demo student and pupil verifications, through their owning module: student@ (Sofie
// Student, the student plan on FVN) verified her NTNU address eleven months ago, so her
// verification lasts another month; student-ny@ (Sindre) registered his UiA address on FVN a few
// minutes ago and has not typed the code yet (it went out before Min Side's records begin: he
// asks for a new one); elev@ (Emma, 16) has no registration: she can verify as a pupil, and is
// refused when she tries to buy (18 or over).
import { addMonths, osloDateOf } from '../../shared/time/oslo';
import type { Queryable } from '../db/db';
import { importStudentVerification } from '../domain/student/student';

const MINUTE = 60_000;

async function accountOf(db: Queryable, email: string) {
  const [row] = await db.query<{ spid_id: string; aria_account_no: string }>(
    `select a.spid_id, a.aria_account_no
       from identity_users u join accounts a on a.spid_id = u.spid_id
      where u.email = $1`,
    [email],
  );
  if (!row) throw new Error(`Demo student data needs the account of ${email}`);
  return row;
}

export async function seedStudentDemo(db: Queryable, now: Date): Promise<void> {
  const today = osloDateOf(now);
  const sofie = await accountOf(db, 'student@demo.minside.no');
  const verifiedOn = addMonths(today, -11);
  await importStudentVerification(db, {
    spidId: sofie.spid_id,
    ariaAccountNo: sofie.aria_account_no,
    titleCode: 'FVN',
    kind: 'student',
    email: 'sofie.student@stud.ntnu.no',
    institution: 'Norges teknisk-naturvitenskapelige universitet (NTNU)',
    sentAt: new Date(`${verifiedOn}T10:00:00Z`),
    verified: { at: new Date(`${verifiedOn}T10:04:00Z`), validUntil: addMonths(verifiedOn, 12) },
  });
  const sindre = await accountOf(db, 'student-ny@demo.minside.no');
  await importStudentVerification(db, {
    spidId: sindre.spid_id,
    ariaAccountNo: sindre.aria_account_no,
    titleCode: 'FVN',
    kind: 'student',
    email: 'sindre.studentsen@student.uia.no',
    institution: 'Universitetet i Agder',
    sentAt: new Date(now.getTime() - 3 * MINUTE),
  });
}
