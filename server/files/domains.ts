import { isPlatformAdmin, type Caller } from '../context';
import { notFound } from '../errors';
import type { EntityDef, FileDomainRule, Registry } from '../schemas';
import type { Reader } from '../store/types';
import { addRight, recordAccess, type RecordAccess } from '../resources/recordAccess';
import { IMPORT_DOMAINS, importFileAccess } from '../imports/access';

/**
 * The file domains of the configuration (`x-files` of the entity schemas): which entity a
 * file of a domain belongs to, the domain's rules and who reaches its files (docs/files.md
 * "Who reaches which files"): the record's access rule, narrowed for an `internal` domain.
 */
export interface FileDomain {
  name: string;
  entity: EntityDef;
  rule: FileDomainRule;
  /** Who reaches this domain's files. */
  access: RecordAccess;
  /** The record's own rule, shared by the entity's domains (a link names the entity, its file the domain). */
  record: RecordAccess;
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

/**
 * An `internal` domain's files are its record's company's: anyone else (another company of the
 * universe too) finds nothing there, 404, before the record's own rule is asked; a platform
 * administrator reaches them like the record.
 */
function internalAccess(access: RecordAccess, companyField: string): RecordAccess {
  const ownCompany = async (db: Reader, id: number, caller: Caller) => {
    const record = await access.read(db, id, caller);
    if (record[companyField] !== caller.company.companyId && !isPlatformAdmin(caller)) throw notFound();
    return record;
  };
  return {
    read: ownCompany,
    write: async (db, id, caller) => {
      await ownCompany(db, id, caller);
      return access.write(db, id, caller);
    },
    add: async (db, id, caller) => {
      await ownCompany(db, id, caller);
      return addRight(access)(db, id, caller);
    },
  };
}

export class FileDomains {
  private readonly byName = new Map<string, FileDomain>();

  constructor(registry: Registry) {
    for (const entity of registry.entities.values()) {
      if (!Object.keys(entity.files).length) continue;
      const access = recordAccess(entity);
      for (const [name, rule] of Object.entries(entity.files)) {
        const domainAccess = rule.internal ? internalAccess(access, rule.internal) : access;
        // The import documents are the importing company's managers' (docs/imports.md "Who").
        this.byName.set(name, { name, entity, rule, access: IMPORT_DOMAINS.has(name) ? importFileAccess(domainAccess) : domainAccess, record: access });
      }
    }
  }

  /** The domain, or 404 for a domain no entity has. */
  get(name: string): FileDomain {
    const domain = this.byName.get(name);
    if (!domain) throw notFound();
    return domain;
  }

  has = (name: unknown) => typeof name === 'string' && this.byName.has(name);

  /** The domain a download link names, by domain or alias (404 when none). */
  ofLink(nameOrAlias: string): FileDomain {
    return this.get(Object.hasOwn(ALIASES, nameOrAlias) ? ALIASES[nameOrAlias] : nameOrAlias);
  }
}
