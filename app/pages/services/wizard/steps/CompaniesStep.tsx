import { Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lockedSlots, type CompanySlot } from '../../../../../machines/serviceWizard';
import { useCompanyContacts, useDropStaleContacts, useFieldError } from '../fields';
import { editService, type StepProps } from '../stepPanel';
import { PartyFields } from './PartyFields';

const SLOTS: CompanySlot[] = ['client', 'serviceProvider', 'supplier', 'factory', 'agent'];
const REQUIRED: CompanySlot[] = ['client', 'serviceProvider'];
const ADDRESS_FIELDS = ['address1', 'address2', 'zipCode', 'city', 'province', 'country'] as const;

/** Step 2: the parties (the caller's company locked in the slot of its role), the site contacts and address. */
export function CompaniesStep({ draft, edit, user, errors }: StepProps) {
  const { t } = useTranslation();
  const { service, roles } = draft;
  const onChange = editService(edit);
  const errorAt = useFieldError(errors);
  const locked = user.superAdmin ? [] : lockedSlots(roles, user.companyRoles);
  const site = useCompanyContacts([service.supplier, service.factory]);
  const audit = service.thirdPartyDepartment === 'AUDIT';

  useDropStaleContacts(site, service.orderTakerContacts, (orderTakerContacts) => onChange({ orderTakerContacts }));

  return (
    <Stack gap="lg">
      <PartyFields
        slots={SLOTS}
        values={service}
        locked={locked}
        required={REQUIRED}
        site={site}
        contactsLabel={t(audit ? 'serviceWizard.companies.siteContacts' : 'service.orderTakerContacts')}
        errorOf={(field) => errorAt(`/service/${field}`)}
        onChange={onChange}
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
