/** One problem of the configuration: its file (relative to schemas/), JSON pointer and message. */
export interface SchemaProblem {
  file: string;
  path: string;
  message: string;
}

export const formatProblem = ({ file, path, message }: SchemaProblem) => `${file} ${path || '/'}: ${message}`;
