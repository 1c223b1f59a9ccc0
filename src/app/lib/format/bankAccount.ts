// Norwegian bank account numbers as people write them: 11 digits grouped 4.2.5 (1506.12.34567).

/** `15061234567` → `1506.12.34567`; anything that is not 11 digits is shown as it is. */
export function formatBankAccount(accountNumber: string): string {
  const match = /^(\d{4})(\d{2})(\d{5})$/.exec(accountNumber);
  return match ? `${match[1]}.${match[2]}.${match[3]}` : accountNumber;
}
