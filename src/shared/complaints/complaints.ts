// The rules of a delivery complaint (/tilbakemelding) that the SPA and the server share, so the
// screen offers exactly what the server accepts.

/** Default of how many calendar days back (today included) a delivery day may be complained about. */
export const COMPLAINT_WINDOW_DAYS = 14;

/** Longest the window can be configured (COMPLAINT_WINDOW_DAYS); the contract's maxItems of dates. */
export const COMPLAINT_WINDOW_MAX_DAYS = 31;

/** Longest comment (characters), as the contract's ComplaintRequest.comment says. */
export const COMPLAINT_COMMENT_MAX = 500;

/** The period over which complaints on one delivery address are counted for customer service. */
export const COMPLAINT_REPEAT_DAYS = 30;

/**
 * From this many complaints on one address within COMPLAINT_REPEAT_DAYS (the new one included),
 * the complaint is a repeated one: customer service is asked to tell the distributor, and the
 * reader is told so.
 */
export const COMPLAINT_REPEAT_THRESHOLD = 3;
