import { createHash } from 'node:crypto';
import type { Individual, LegalRepresentative, OtherKeyPerson } from '../../../contract/index.ts';
import type { ExtractedReport } from '../extract/report.ts';
import { REPRESENTATIVE_LABELS } from '../labels.ts';
import { mapRole } from './roles.ts';

/** A representative written "深圳远航投资管理有限公司（委派代表：林海）": a company acting through a person. */
const DELEGATE_RE = /^(.+?)[（(]委派代表[:：]\s*(.+?)[）)]$/;
/** Words that make a party a company rather than a person. */
const ORGANISATION_RE =
  /(公司|企业|合伙|集团|中心|事务所|基金|银行|研究院|研究所|协会|委员会|管理局|[A-Za-z]+\s+(Ltd|Limited|Inc|LLC|GmbH|Corp)\.?$)/i;

const entityId = (uscc: string, name: string) => `cn_${createHash('sha1').update(`${uscc}:${name}`).digest('hex').slice(0, 12)}`;
const individual = (fullName: string): Individual => ({ name: { fullName } });
const isOrganisation = (name: string) => name.length > 4 && ORGANISATION_RE.test(name);

/**
 * The one legal representative of a report (spec §2.11): the party the licence names under 法定代表人, 负责人,
 * 执行事务合伙人 or 经营者. Their 职务 in 主要人员, when listed, gives the role words (执行董事兼总经理); otherwise the
 * licence label does. A company representative (a partnership's managing partner) comes with the person it
 * delegated. The register may name none (the row is printed empty): then there is none to answer.
 */
export function legalRepresentativesOf(uscc: string, report: ExtractedReport): LegalRepresentative[] {
  const label = REPRESENTATIVE_LABELS.find((l) => report.licence[l]);
  if (!label) return [];
  const raw = report.licence[label]!;
  const delegate = DELEGATE_RE.exec(raw);
  const name = delegate ? delegate[1]!.trim() : raw;
  const title = report.persons.find((p) => p['姓名'] === name || p['姓名'] === raw)?.['职务'] ?? label;
  const base = { entityId: entityId(uscc, name), role: mapRole(title), representationMode: { mode: 'sole' } };
  if (delegate || isOrganisation(name)) {
    return [
      {
        type: 'company',
        ...base,
        company: { legalName: name, countryCode: 'CN' },
        ...(delegate ? { representedBy: individual(delegate[2]!.trim()) } : {}),
      },
    ];
  }
  return [{ type: 'individual', ...base, individual: individual(name) }];
}

/** The other persons of 主要人员 (directors, supervisors, managers): Chinese law allows one legal representative only. */
export function otherKeyPersonsOf(uscc: string, report: ExtractedReport): OtherKeyPerson[] {
  const rep = legalRepresentativesOf(uscc, report)[0];
  const repName = rep?.individual?.name?.fullName ?? rep?.company?.legalName;
  return report.persons
    .filter((p) => p['姓名'] && p['姓名'] !== repName)
    .map((p): OtherKeyPerson => {
      const name = p['姓名']!;
      const role = mapRole(p['职务'] ?? '');
      return isOrganisation(name)
        ? { type: 'company', entityId: entityId(uscc, name), role, company: { legalName: name, countryCode: 'CN' } }
        : { type: 'individual', entityId: entityId(uscc, name), role, individual: individual(name) };
    });
}
