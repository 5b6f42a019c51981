import type { WriteOps } from '../store/types';
import type { DemoIdentity } from './identity';

/** Demo tags of the brand, the inspection company and the other universe's brand. */
const definitions = [
  { owner: 'lumiere', localizedName: 'Customer complaint', color: '#fa5252', privacy: 'SHARED', sources: ['CAPA', 'NON_COMPLIANCE'] },
  { owner: 'lumiere', localizedName: 'Recurring defect', color: '#f59f00', privacy: 'VISIBLE', sources: ['CAPA', 'NON_COMPLIANCE'] },
  { owner: 'lumiere', localizedName: 'Colour fastness', color: '#7950f2', privacy: 'VISIBLE', sources: ['NON_COMPLIANCE'] },
  { owner: 'lumiere', localizedName: 'Chemical compliance', color: '#e64980', privacy: 'VISIBLE', sources: ['NON_COMPLIANCE', 'CAPA'] },
  { owner: 'lumiere', localizedName: 'Supplier on watch', color: '#495057', privacy: 'SECRET', sources: ['CAPA', 'NON_COMPLIANCE'] },
  { owner: 'lumiere', localizedName: 'Spring-Summer 2026', color: '#12b886', privacy: 'VISIBLE', sources: ['CAPA', 'NON_COMPLIANCE'] },
  { owner: 'lumiere', localizedName: 'Legacy 2023', color: '#adb5bd', privacy: 'VISIBLE', sources: ['NON_COMPLIANCE'], disabled: true },
  { owner: 'atlas', localizedName: 'Re-inspection needed', color: '#228be6', privacy: 'VISIBLE', sources: ['NON_COMPLIANCE', 'CAPA'] },
  { owner: 'atlas', localizedName: 'Lab test', color: '#15aabf', privacy: 'VISIBLE', sources: ['NON_COMPLIANCE'] },
  { owner: 'atlas', localizedName: 'Workmanship', color: '#fd7e14', privacy: 'SHARED', sources: ['NON_COMPLIANCE'] },
  { owner: 'atlas', localizedName: 'Quick win', color: '#40c057', privacy: 'VISIBLE', sources: ['CAPA'] },
  { owner: 'atlas', localizedName: 'Internal follow-up', color: '#868e96', privacy: 'SECRET', sources: ['CAPA'] },
  { owner: 'northwind', localizedName: 'Priority', color: '#fa5252', privacy: 'VISIBLE', sources: ['CAPA', 'NON_COMPLIANCE'] },
] as const;

export interface DemoTag {
  tagId: number;
  owner: string;
  sources: readonly string[];
  disabled: boolean;
  universeId: number;
}

export function seedTags(tx: WriteOps, identity: DemoIdentity): DemoTag[] {
  return definitions.map(({ owner, ...tag }) => {
    const universeId = owner === 'northwind' ? identity.universes.other : identity.universes.main;
    const disabled = 'disabled' in tag ? tag.disabled : false;
    const stored = tx.insert('tags', 'tagId', {
      ...tag,
      sources: [...tag.sources],
      disabled,
      companyId: identity.companies[owner as keyof DemoIdentity['companies']],
      universeId,
    });
    return { tagId: stored.tagId as number, owner, sources: tag.sources, disabled, universeId };
  });
}
