/** The current time, injected so tests can move it (session expiry, promo days, hold release). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
