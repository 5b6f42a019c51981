import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chipStyle } from '../../../../engine/format/chips';
import type { ServiceView } from '../shared/serviceApi';
import { InfoCard, InfoField, InfoGrid } from './InfoCard';
import type { SchemaText } from './schemaText';
import { EnumBadge } from './StepBadge';
import { useLookupLabels } from './useLookupLabels';

const PARTIES = ['client', 'supplier', 'factory', 'agent', 'serviceProvider'] as const;

/** The name of a company or contact id of a service field; a dimmed note when the caller cannot see it. */
function useNames(text: SchemaText, field: string, ids: unknown[]) {
  const { t } = useTranslation();
  const item = useLookupLabels(text.lookupUrl(field), ids);
  return (id: unknown) => (id == null ? '' : (item(id)?.label ?? t('serviceSheet.notVisible')));
}

function NameList({ names }: { names: string[] }) {
  if (!names.length) return null;
  return (
    <Group gap={6}>
      {names.map((name, index) => (
        <Badge key={`${name}-${index}`} variant="default" radius="sm" style={{ textTransform: 'none' }} fw={500}>
          {name}
        </Badge>
      ))}
    </Group>
  );
}

/** Decision maker, order takers and provider of the service. */
export function PartiesCard({ service, text }: { service: ServiceView; text: SchemaText }) {
  const { t } = useTranslation();
  const client = useNames(text, 'client', [service.client]);
  const orderTakers = useNames(text, 'supplier', [service.supplier, service.factory, service.agent]);
  const provider = useNames(text, 'serviceProvider', [service.serviceProvider]);
  const name = (field: (typeof PARTIES)[number]) => {
    const id = service[field];
    return field === 'client' ? client(id) : field === 'serviceProvider' ? provider(id) : orderTakers(id);
  };
  return (
    <InfoCard title={t('serviceSheet.parties')} testId="parties">
      <InfoGrid>
        {PARTIES.map((field) => (
          <InfoField key={field} label={text.label(field)}>
            {name(field)}
          </InfoField>
        ))}
        <InfoField label={text.label('userRoles')}>{(service.userRoles ?? []).map((role) => text.value('userRoles', role)).join(', ')}</InfoField>
      </InfoGrid>
    </InfoCard>
  );
}

/** The service dates and whether the parties agreed on them. */
export function DatesCard({ service, text }: { service: ServiceView; text: SchemaText }) {
  const { t } = useTranslation();
  return (
    <InfoCard title={t('serviceSheet.dates')} testId="dates">
      <InfoGrid>
        <InfoField label={text.label('startDate')}>{text.date(service.startDate)}</InfoField>
        <InfoField label={text.label('endDate')}>{text.date(service.endDate)}</InfoField>
        <InfoField label={text.label('dateRelevance')}>
          {service.dateRelevance && (
            <div>
              <EnumBadge text={text} field="dateRelevance" value={service.dateRelevance} />
            </div>
          )}
        </InfoField>
        <InfoField label={text.label('exFactoryDate')}>{text.date(service.exFactoryDate)}</InfoField>
        <InfoField label={text.label('etdDate')}>{text.date(service.etdDate)}</InfoField>
        <InfoField label={text.label('pendingDateBy')}>{text.value('pendingDateBy', service.pendingDateBy)}</InfoField>
      </InfoGrid>
    </InfoCard>
  );
}

function addressText(address: ServiceView['address']): string {
  if (!address) return '';
  return [address.address1, address.address2, [address.zipCode, address.city].filter(Boolean).join(' '), address.province, address.country]
    .filter(Boolean)
    .join(', ');
}

/** Level, place, method, season, people, tags and who created it. */
export function DetailsCard({ service, text }: { service: ServiceView; text: SchemaText }) {
  const { t } = useTranslation();
  const contacts = useNames(text, 'contributors', [...(service.contributors ?? []), ...(service.orderTakerContacts ?? []), service.creator]);
  const creatorCompany = useNames(text, 'creatorCompany', [service.creatorCompany]);
  const tag = useLookupLabels(text.lookupUrl('tags'), service.tags ?? []);
  return (
    <InfoCard title={t('serviceSheet.details')} testId="details">
      <InfoGrid>
        <InfoField label={text.label('serviceLevel')}>{text.value('serviceLevel', service.serviceLevel)}</InfoField>
        <InfoField label={text.label('serviceStatus')}>{text.value('serviceStatus', service.serviceStatus)}</InfoField>
        <InfoField label={text.label('assessmentMethod')}>{text.value('assessmentMethod', service.assessmentMethod)}</InfoField>
        <InfoField label={text.label('servicePartyType')}>{text.value('servicePartyType', service.servicePartyType)}</InfoField>
        <InfoField label={text.label('season')}>{text.value('season', service.season)}</InfoField>
        <InfoField label={text.label('sector')}>{text.value('sector', service.sector)}</InfoField>
        <InfoField label={text.label('address')}>{addressText(service.address)}</InfoField>
        <InfoField label={text.label('orderTakerContacts')}>
          <NameList names={(service.orderTakerContacts ?? []).map(contacts)} />
        </InfoField>
        <InfoField label={text.label('contributors')}>
          <NameList names={(service.contributors ?? []).map(contacts)} />
        </InfoField>
        <InfoField label={text.label('tags')}>
          {(service.tags ?? []).length > 0 && (
            <Group gap={6}>
              {(service.tags ?? []).map((id) => {
                const item = tag(id);
                return (
                  <Badge key={id} radius="sm" style={{ ...chipStyle(item?.color), textTransform: 'none' }}>
                    {item?.label ?? t('serviceSheet.notVisible')}
                  </Badge>
                );
              })}
            </Group>
          )}
        </InfoField>
        <InfoField label={text.label('creator')}>
          {service.creator != null ? contacts(service.creator) : creatorCompany(service.creatorCompany)}
        </InfoField>
        <InfoField label={text.label('creationDate')}>{text.dateTime(service.creationDate)}</InfoField>
      </InfoGrid>
      {service.standardMessage && (
        <Text mt="md" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {service.standardMessage}
        </Text>
      )}
    </InfoCard>
  );
}
