/** The part of mjml 5 QCFlow uses (scripts/generate/mail.ts); the package ships no types. */
declare module 'mjml' {
  interface MjmlError {
    line?: number;
    message: string;
    tagName?: string;
    formattedMessage?: string;
  }
  export default function mjml2html(input: string, options?: Record<string, unknown>): Promise<{ html: string; errors: MjmlError[] }>;
}
