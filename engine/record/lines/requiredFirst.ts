type Row = Record<string, unknown>;

const filled = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Are the fields a line needs first all filled (the others can then be edited). */
export const filledFirst = (line: Row, requiredFirst: readonly string[]) => requiredFirst.every((field) => filled(line[field]));
