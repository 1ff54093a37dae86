import type { Company } from '../../../contract/index.ts';
import { inferActivities } from '../../../enrichment/activities/index.ts';
import { englishNameOf } from '../../../enrichment/transliteration/cn-english-name.ts';
import { nameTransliterations } from '../../../enrichment/transliteration/cn-pinyin-name.ts';
import { RegisterError } from '../../errors.ts';
import type { ExtractedReport } from '../extract/report.ts';
import { USCC_KEY } from '../ids.ts';
import { ADDRESS_LABELS, NAME_CHANGE } from '../labels.ts';
import { parseAddress } from './address.ts';
import { parseCapital } from './capital.ts';
import { parseReportDate } from './dates.ts';
import { mapLegalForm } from './legal-form.ts';
import { mapStatus } from './status.ts';

/**
 * The public company profile of a credit report, every field read from the report's text (spec §2.11): status and
 * legal form classified by the tables of spec §3.3/§3.4 (flagged as inferred/enriched), activities inferred from
 * the business scope. A report of another company, or one without a name, is `processing_failed`.
 */
export async function companyOf(uscc: string, report: ExtractedReport): Promise<Company> {
  const f = report.licence;
  const code = f['统一社会信用代码'];
  if (code && code !== uscc) {
    throw new RegisterError('processing_failed', `the portal sent the report of ${code} for ${uscc}`, false);
  }
  const name = f['企业名称'];
  if (!name) throw new RegisterError('processing_failed', 'the credit report has no 企业名称', false);
  const former = [
    ...new Set(
      report.changes
        .filter((c) => c['变更事项']?.includes(NAME_CHANGE))
        .map((c) => c['变更前内容'])
        .filter((n): n is string => !!n && n !== name),
    ),
  ];
  const founded = parseReportDate(f['成立日期']);
  const status = f['登记状态'] ? mapStatus(f['登记状态'], parseReportDate(f['核准日期'])) : undefined;
  const capital = parseCapital(f['注册资本']);
  const addressLabel = ADDRESS_LABELS.find((l) => f[l]);
  const scope = f['经营范围'];
  const activities = await inferActivities(scope);
  const transliterations = nameTransliterations(name);
  const english = englishNameOf(name);
  return {
    countryCode: 'CN',
    id: uscc,
    identifiers: { [USCC_KEY]: uscc },
    // The unified social credit code is also the taxpayer identification number (no verification service here).
    taxId: { type: 'cn_uscc', value: uscc, country: 'CN' },
    legalName: name,
    ...(english ? { legalNameInEnglish: english } : {}),
    ...(transliterations.length ? { companyNameTransliterations: transliterations } : {}),
    ...(former.length ? { legacyLegalNames: former } : {}),
    ...(status ? { status } : {}),
    ...(founded ? { registrationDate: founded, incorporationDate: founded } : {}),
    ...(f['类型'] ? { legalForm: mapLegalForm(f['类型']) } : {}),
    ...(capital ? { capital } : {}),
    ...(activities ? { activities } : {}),
    ...(scope ? { activityDescription: scope } : {}),
    ...(addressLabel ? { legalAddress: parseAddress(f[addressLabel]) } : {}),
  };
}
