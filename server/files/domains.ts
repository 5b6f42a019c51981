import { notFound } from '../errors';
import type { EntityDef, FileDomainRule, Registry } from '../schemas';
import { recordAccess, type RecordAccess } from '../resources/recordAccess';

/**
 * The file domains of the configuration (`x-files` of the entity schemas): which entity a
 * file of a domain belongs to, the domain's rules and the record's access rule.
 */
export interface FileDomain {
  name: string;
  entity: EntityDef;
  rule: FileDomainRule;
  access: RecordAccess;
}

/** The lower-case plural names the download links may use instead of a domain (files-contract). */
const ALIASES: Record<string, string> = {
  contacts: 'CONTACT',
  services: 'SERVICE',
  references: 'REFERENCE',
  companies: 'COMPANY',
  fees: 'FEE',
  capas: 'CAPA',
};

export class FileDomains {
  private readonly byName = new Map<string, FileDomain>();

  constructor(registry: Registry) {
    for (const entity of registry.entities.values()) {
      for (const [name, rule] of Object.entries(entity.files)) this.byName.set(name, { name, entity, rule, access: recordAccess(entity) });
    }
  }

  /** The domain, or 404 for a domain no entity has. */
  get(name: string): FileDomain {
    const domain = this.byName.get(name);
    if (!domain) throw notFound();
    return domain;
  }

  has = (name: unknown) => typeof name === 'string' && this.byName.has(name);

  /** The domain a download link names, by domain or alias (404 when none); an entity's domains share its access rule. */
  ofLink(nameOrAlias: string): FileDomain {
    return this.get(Object.hasOwn(ALIASES, nameOrAlias) ? ALIASES[nameOrAlias] : nameOrAlias);
  }
}
