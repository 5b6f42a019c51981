/** One import of a project file. */
export interface ImportEdge {
  to: string;
  typeOnly: boolean;
  dynamic: boolean;
}

/** Each source file's imports of project files (absolute paths). */
export function importGraph(root: string): Map<string, ImportEdge[]>;

/** The circles, each a sorted list of paths relative to `root`. */
export function importCircles(root: string): { runTime: string[][]; withDynamic: string[][]; all: string[][] };
