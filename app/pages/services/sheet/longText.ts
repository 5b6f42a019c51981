/** Typed text (notes, comments): its own line breaks kept, and a long word or link wrapped instead of overflowing the card. */
export const LONG_TEXT = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
