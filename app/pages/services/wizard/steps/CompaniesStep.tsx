import { Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceSide } from '../../../../../machines/service';
import { lockedSlots, type CompanySlot, type ServiceDraft, type WizardError } from '../../../../../machines/serviceWizard';
import { CompanySelect, ContactsSelect, useCompanyContacts, useDropStaleContacts, useFieldError } from '../fields';
import type { WizardUser } from '../wizardCaller';

const NETWORK = '/back/bo/networkcombo';
/** The lookup list of each company slot (spec §7.9). */
export const SLOT_LOOKUPS: Record<CompanySlot, string> = {
  client: `${NETWORK}/decisionmakers`,
  supplier: `${NETWORK}/ordertakers`,
  factory: `${NETWORK}/ordertakers`,
  agent: `${NETWORK}/ordertakers`,
  serviceProvider: `${NETWORK}/serviceproviders`,
};
const SLOTS: CompanySlot[] = ['client', 'serviceProvider', 'supplier', 'factory', 'agent'];
const REQUIRED: CompanySlot[] = ['client', 'serviceProvider'];
const ADDRESS_FIELDS = ['address1', 'address2', 'zipCode', 'city', 'province', 'country'] as const;

interface CompaniesStepProps {
  service: ServiceDraft;
  roles: ServiceSide[];
  user: WizardUser;
  errors: WizardError[];
  onChange: (patch: Partial<ServiceDraft>) => void;
}

/** Step 2: the parties (the caller's company locked in the slot of its role), the site contacts and address. */
export function CompaniesStep({ service, roles, user, errors, onChange }: CompaniesStepProps) {
  const { t } = useTranslation();
  const errorAt = useFieldError(errors);
  const locked = user.superAdmin ? [] : lockedSlots(roles, user.companyRoles);
  const site = useCompanyContacts([service.supplier, service.factory]);
  const audit = service.thirdPartyDepartment === 'AUDIT';

  useDropStaleContacts(site, service.orderTakerContacts, (orderTakerContacts) => onChange({ orderTakerContacts }));

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
        {SLOTS.map((slot) => (
          <CompanySelect
            key={slot}
            url={SLOT_LOOKUPS[slot]}
            label={t(`service.${slot}`)}
            description={locked.includes(slot) ? t('serviceWizard.companies.locked') : undefined}
            placeholder={t('serviceWizard.companies.choose')}
            required={REQUIRED.includes(slot)}
            locked={locked.includes(slot)}
            value={service[slot]}
            onChange={(value) => onChange({ [slot]: value })}
            error={errorAt(`/service/${slot}`)}
          />
        ))}
      </SimpleGrid>
      <ContactsSelect
        label={t(audit ? 'serviceWizard.companies.siteContacts' : 'service.orderTakerContacts')}
        description={t(service.supplier || service.factory ? 'serviceWizard.companies.contactsHelp' : 'serviceWizard.companies.contactsFirst')}
        contacts={site.contacts}
        loading={site.loading}
        value={service.orderTakerContacts}
        onChange={(orderTakerContacts) => onChange({ orderTakerContacts })}
        error={errorAt('/service/orderTakerContacts')}
        required
        disabled={!service.supplier && !service.factory}
        emptyText={t('serviceWizard.companies.noContact')}
      />
      <Fieldset legend={t('serviceWizard.companies.address')} radius="md">
        <Text size="xs" c="dimmed" mb="xs">
          {t('serviceWizard.companies.addressHelp')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
          {ADDRESS_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`address.${field}`)}
              value={service.address?.[field] ?? ''}
              onChange={(event) => onChange({ address: { ...service.address, [field]: event.currentTarget.value || undefined } })}
              error={errorAt(`/service/address/${field}`)}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
