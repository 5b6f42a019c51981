/** A plausible e-mail address; the server validates it again. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
