import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import i18next from 'i18next';
import { currentLanguage } from './i18n';

// dayjs (the dates of the signed-in screens) follows the interface language. The shell imports this
// module, so the pages before login (which show no dates) do not download dayjs.
dayjs.locale(currentLanguage());
i18next.on('languageChanged', () => dayjs.locale(currentLanguage()));
