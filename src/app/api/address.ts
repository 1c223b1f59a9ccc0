// The postal-code register (tag `address`): the place a postal code names, for the
// delivery-address fields of every form (src/app/ui/form/PostalPlaceLookup.tsx, a chunk loaded
// only once the reader goes to the postal code, so the form chunks do not carry this endpoint).
// Nothing invalidates its tag: the register does not change while the page is open.
export { useLazyGetPostalPlaceQuery } from './address.gen';
export type { PostalPlace } from './address.gen';
