// A stored phone number (E.164, src/shared/profile/phone.ts) as a reader writes it, without the
// phone number library: the SPA shows numbers on every form that has one, and loads the library
// only to check what the reader types (ui/form/validation.ts). Norwegian numbers are grouped
// the Norwegian way (mobile 912 34 567, others 22 22 22 22) without the country code; any other
// number is shown in E.164, which is unambiguous.
const NORWEGIAN = /^\+47([0-9]{8})$/;

export function formatStoredPhoneNumber(value: string): string {
  const national = NORWEGIAN.exec(value)?.[1];
  if (!national) return value;
  return /^[49]/.test(national)
    ? national.replace(/^(\d{3})(\d{2})(\d{3})$/, '$1 $2 $3')
    : national.replace(/^(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4');
}
