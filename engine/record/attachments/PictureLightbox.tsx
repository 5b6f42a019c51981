import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';

export interface PictureLightboxProps {
  pictures: { src: string; title: string; description?: string }[];
  index: number;
  onClose: () => void;
  /** Shows an edit button for the picture in view. */
  editLabel?: string;
  onEdit?: (index: number) => void;
}

/** The originals full size, one at a time, with next/previous (arrows, keys, swipe) and their names. */
export default function PictureLightbox({ pictures, index, onClose, editLabel, onEdit }: PictureLightboxProps) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(index);
  const edit = onEdit && (
    <button key="edit" type="button" className="yarl__button" aria-label={editLabel} title={editLabel} onClick={() => onEdit(current)}>
      <IconPencil size={26} color="currentColor" />
    </button>
  );
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={pictures}
      plugins={[Captions]}
      on={{ view: ({ index: viewed }) => setCurrent(viewed) }}
      toolbar={{ buttons: edit ? [edit, 'close'] : ['close'] }}
      labels={{ Previous: t('engine.attachments.previous'), Next: t('engine.attachments.next'), Close: t('engine.action.close'), Lightbox: t('engine.attachments.lightbox') }}
      carousel={{ finite: pictures.length <= 1 }}
    />
  );
}
