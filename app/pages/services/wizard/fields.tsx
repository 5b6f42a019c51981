import { Loader, MultiSelect, Select, type SelectProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../engine/api';
import type { FieldError } from '../../../../engine/form/validation';
import type { LookupItem } from '../../../../engine/lookup/cache';
import { useLookupSelect } from '../../../../engine/lookup/lookupSelect';
import type { WizardError, WizardLimits } from '../../../../machines/serviceWizard';
import { propertiesOf } from '../../../../engine/schema/fields';
import { rolesAllow } from '../../../../engine/schema/roles';
import { mayWriteValue } from '../../../../engine/schema/rules';
import { useReadySession } from '../../../auth/session';

/**
 * Inputs the wizard steps share: company selects, contacts of the
 * parties, and the message of a field error.
 */

/** The message of the first error at `path`: a server message as is, a rule key translated. */
export function useFieldError(errors: WizardError[]) {
  const { t, i18n } = useTranslation();
  return (path: string): string | undefined => {
    const error = errors.find((item) => item.path === path);
    const params = Object.fromEntries(Object.entries(error?.params ?? {}).map(([name, n]) => [name, n.toLocaleString(i18n.language)]));
    return error && (error.message ?? t(error.key ?? 'serviceWizard.error.invalid', params));
  };
}

/** The errors under `path` (a record's custom values), at paths inside its values (`/COLOUR_LOT`), with their messages. */
export function useErrorsUnder(errors: WizardError[]) {
  const errorAt = useFieldError(errors);
  return (path: string): FieldError[] =>
    errors.filter((error) => error.path.startsWith(`${path}/`)).map((error) => ({ path: error.path.slice(path.length), message: errorAt(error.path) ?? '' }));
}

/** The values of an enumeration of schemas/enums.json. */
export function useEnumValues(name: string): string[] {
  const { config } = useReadySession();
  return (config.enums[name]?.enum as string[] | undefined) ?? [];
}

/** Whether the profile may change a field its schema guards with `x-writeRoles` (spec §6.2; the server refuses it too). */
export function useMayWrite(entity: string, field: string): boolean {
  const { config, profile } = useReadySession();
  return rolesAllow(propertiesOf(config.entities[entity])[field]?.['x-writeRoles'], profile.roles);
}

/** Which values of a field its schema's `x-valueRoles` lets the profile choose (spec §6.2; the server refuses the others). */
export function useMayChoose(entity: string, field: string): (value: string) => boolean {
  const { config, profile } = useReadySession();
  const prop = propertiesOf(config.entities[entity])[field];
  return (value) => mayWriteValue(prop ?? {}, value, undefined, profile.roles);
}

type CompanySelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  url: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  locked?: boolean;
};

/** A company of a network lookup list, shown by name; a locked slot shows the caller's company. */
export function CompanySelect({ url, value, onChange, locked, ...props }: CompanySelectProps) {
  const selected = useMemo(() => (value === undefined ? [] : [value]), [value]);
  const lookup = useLookupSelect({ url }, selected);
  return (
    <Select
      {...props}
      {...lookup.props}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next == null ? undefined : Number(next))}
      clearable={!locked && !props.required}
      disabled={locked || props.disabled}
      rightSection={locked ? <IconLock size={14} stroke={1.5} aria-hidden /> : lookup.props.rightSection}
    />
  );
}

const CONTACTS_URL = '/back/bo/networkcombo/contacts';

/** The notification step's contacts: those who take no notification e-mails come `disabled` (docs/notifications.md). */
export const NOTIFY_CONTACTS_URL = '/back/bo/notify/contacts';

/** A contact offered by a select; a disabled one shows but cannot be chosen. */
export type ContactItem = LookupItem & { disabled?: boolean };

/** The contacts of some companies (`/networkcombo/contacts?companyId=…`, repeated; or another list of the same query). */
export function useCompanyContacts(companyIds: (number | undefined)[], url = CONTACTS_URL): { contacts: ContactItem[]; loading: boolean } {
  const ids = [...new Set(companyIds.filter((id): id is number => id !== undefined))];
  const key = ids.join(',');
  const [state, setState] = useState<{ key: string; contacts: ContactItem[] }>({ key: '', contacts: [] });
  useEffect(() => {
    if (!key) return;
    let live = true;
    api
      .get<ContactItem[]>(url, { query: { companyId: key.split(',').map(Number) }, quiet: true })
      .catch(() => [] as ContactItem[])
      .then((contacts) => live && setState({ key, contacts }));
    return () => {
      live = false;
    };
  }, [key, url]);
  if (!ids.length) return { contacts: [], loading: false };
  return { contacts: state.key === key ? state.contacts : [], loading: state.key !== key };
}

/** Chosen contacts of a company no longer chosen are dropped: they are no longer offered. */
export function useDropStaleContacts(site: { contacts: LookupItem[]; loading: boolean }, selected: number[], onChange: (kept: number[]) => void) {
  const dropStale = useEffectEvent((offered: LookupItem[]) => {
    const kept = selected.filter((id) => offered.some((item) => item.value === id));
    if (kept.length !== selected.length) onChange(kept);
  });
  // Once the offered contacts change, not at each choice.
  useEffect(() => {
    if (!site.loading) dropStale(site.contacts);
  }, [site.loading, site.contacts]);
}

interface ContactsSelectProps {
  label: string;
  description?: string;
  contacts: ContactItem[];
  loading: boolean;
  value: number[];
  onChange: (value: number[]) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  emptyText: string;
}

/** Several contacts; chosen ones no longer offered (another company picked) still show. */
export function ContactsSelect({ label, description, contacts, loading, value, onChange, error, required, disabled, emptyText }: ContactsSelectProps) {
  const offered = contacts.map((item) => ({ value: String(item.value), label: item.label, disabled: item.disabled === true && !value.includes(Number(item.value)) }));
  const missing = value.filter((id) => !contacts.some((item) => item.value === id)).map((id) => ({ value: String(id), label: `#${id}` }));
  return (
    <MultiSelect
      label={label}
      description={description}
      data={[...offered, ...(loading ? [] : missing)]}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number))}
      searchable
      clearable
      hidePickedOptions
      required={required}
      disabled={disabled}
      error={error}
      nothingFoundMessage={emptyText}
      rightSection={loading ? <Loader size="xs" /> : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The wizard's text limits, from the schemas the server validates with (never spelled here). */
export function useWizardLimits(): WizardLimits {
  const { config } = useReadySession();
  const maxLength = (entity: string, field: string) => {
    const max = propertiesOf(config.entities[entity])[field]?.maxLength;
    return typeof max === 'number' ? max : undefined;
  };
  return { standardMessage: maxLength('service', 'standardMessage'), note: maxLength('serviceNote', 'text'), dateComment: maxLength('serviceDateLine', 'comment') };
}
