import { Button } from '@mantine/core';
import { IconClipboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../notify';
import { clipboardFiles } from './clipboardFiles';

/** Reads files from the clipboard where the browser lets the page (spec §5.3), else says how to paste. */
export function PasteButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const paste = async () => {
    const found = await clipboardFiles();
    if (found === null) notify({ level: 'warning', message: t('engine.attachments.pasteUnsupported') });
    else if (found.length === 0) notify({ level: 'warning', message: t('engine.attachments.pasteEmpty') });
    else onFiles(found);
  };
  return (
    <Button variant="default" size="xs" leftSection={<IconClipboard size={14} />} onClick={() => void paste()}>
      {t('engine.attachments.paste')}
    </Button>
  );
}
