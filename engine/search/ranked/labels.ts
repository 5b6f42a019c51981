/**
 * The texts a `rankedList` side panel reads under its `labels` prefix (`<labels>.title`, …):
 * `npm run check:schemas` asks for each of them in every language. `item` and `already` get the
 * record's fields as values (`{{number}}`), `item` its `{{rank}}` too.
 */
export const RANKED_LIST_LABELS = [
  'title',
  'show',
  'hide',
  'empty',
  'item',
  'moveUp',
  'moveDown',
  'remove',
  'unsaved',
  'clear',
  'clearTitle',
  'clearConfirm',
  'discard',
  'save',
  'saved',
  'already',
] as const;

export type RankedListLabel = (typeof RANKED_LIST_LABELS)[number];

/** The i18n key of one of the panel's texts. */
export const rankedLabel = (prefix: string, label: RankedListLabel) => `${prefix}.${label}`;
