import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompanySlot } from '../../../../../machines/serviceWizard';
import { CompanySelect, ContactsSelect, type useCompanyContacts } from '../fields';
import { SLOT_LOOKUPS } from './slotLookups';

type Parties = Partial<Record<CompanySlot, number>> & {
  orderTakerContacts: number[];
};

interface PartyFieldsProps {
  slots: readonly CompanySlot[];
  values: Parties;
  /** The slots filled by the caller's company, shown and kept as they are. */
  locked: CompanySlot[];
  required: readonly CompanySlot[];
  /** The site contacts of the supplier and factory chosen. */
  site: ReturnType<typeof useCompanyContacts>;
  contactsLabel: string;
  /** The error of a field by its name (`client`, `orderTakerContacts`). */
  errorOf: (field: string) => string | undefined;
  onChange: (patch: Partial<Parties>) => void;
}

/** The company of each party slot, then the order taker's contacts (full and light wizards). */
export function PartyFields({ slots, values, locked, required, site, contactsLabel, errorOf, onChange }: PartyFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
        {slots.map((slot) => (
          <CompanySelect
            key={slot}
            url={SLOT_LOOKUPS[slot]}
            label={t(`service.${slot}`)}
            description={locked.includes(slot) ? t('serviceWizard.companies.locked') : undefined}
            placeholder={t('serviceWizard.companies.choose')}
            required={required.includes(slot)}
            locked={locked.includes(slot)}
            value={values[slot]}
            onChange={(value) => onChange({ [slot]: value })}
            error={errorOf(slot)}
          />
        ))}
      </SimpleGrid>
      <ContactsSelect
        label={contactsLabel}
        description={t(values.supplier || values.factory ? 'serviceWizard.companies.contactsHelp' : 'serviceWizard.companies.contactsFirst')}
        contacts={site.contacts}
        loading={site.loading}
        value={values.orderTakerContacts}
        onChange={(orderTakerContacts) => onChange({ orderTakerContacts })}
        error={errorOf('orderTakerContacts')}
        required
        disabled={!values.supplier && !values.factory}
        emptyText={t('serviceWizard.companies.noContact')}
      />
    </>
  );
}
