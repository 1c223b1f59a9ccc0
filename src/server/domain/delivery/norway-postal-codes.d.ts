// norway-postal-codes ships plain CommonJS data without types: postal code → place (upper case).
declare module 'norway-postal-codes' {
  const postalCodes: Readonly<Record<string, string>>;
  export default postalCodes;
}
