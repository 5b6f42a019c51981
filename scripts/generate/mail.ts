import mjml2html from 'mjml';
import { languages } from '../../server/i18n';
import { LAYOUT_SHAPES, layoutFile, layoutSource } from '../../server/mailTemplates';

/**
 * The e-mail layout (server/mailTemplates.ts) compiled by MJML for each language and shape: HTML
 * with tables and inline styles, its texts as placeholders the server fills per mail.
 */
export async function generateMailLayouts(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const lang of languages) {
    for (const withComment of LAYOUT_SHAPES) {
      const { html, errors } = await mjml2html(layoutSource(lang, withComment), { validationLevel: 'strict', keepComments: false });
      if (errors.length) throw new Error(`mail layout ${layoutFile(lang, withComment)}: ${errors.map((error) => error.formattedMessage ?? error.message).join('; ')}`);
      files[`mail/${layoutFile(lang, withComment)}`] = `${html}\n`;
    }
  }
  return files;
}
