type Row = Record<string, unknown>;

/** What a batch save sends: the body's three lists named by the screen (`batch`), and where each line sits in the grid. */
export interface BatchNames {
  delete: string;
  update: string;
  add: string;
}

const same = (a: Row, b: Row) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The edits of a lines grid against the lines it was given: lines gone (deleted ids), lines changed
 * (sent whole, with their version) and lines without an id (added). `places` maps each sent line's
 * JSON path prefix to its row in the grid, to put the server's field errors back on its cells.
 */
export function batchBody(base: Row[], draft: Row[], idField: string, names: BatchNames) {
  const before = new Map<unknown, Row>(base.map((line) => [line[idField], line]));
  const kept = new Set<unknown>(draft.map((line) => line[idField]).filter((id) => id !== undefined));
  const body: Record<string, unknown[]> = { [names.delete]: [...before.keys()].filter((id) => !kept.has(id)), [names.update]: [], [names.add]: [] };
  const places: Record<string, number> = {};
  draft.forEach((line, index) => {
    const id = line[idField];
    const list = id === undefined ? names.add : names.update;
    if (id !== undefined && same(line, before.get(id) ?? {})) return;
    places[`/${list}/${body[list].length}`] = index;
    body[list].push(line);
  });
  const changes = body[names.delete].length + body[names.update].length + body[names.add].length;
  return { body, places, changes };
}
