import { z } from 'zod';
import { withoutBlank } from '../native-record.ts';
import { ADDRESS_LABELS, REPRESENTATIVE_LABELS } from './labels.ts';

const text = (max = 500) => z.string().trim().min(1).max(max);
const date = z
  .string()
  .trim()
  .regex(/^\d{4}(-\d{2}-\d{2}|年\d{1,2}月\d{1,2}日)$/, 'a date: 2015-03-12 or 2015年03月12日');

/**
 * A company of the CN sandbox register in the credit report's own labels (CONTRACT §5, registers/cn.md): what the
 * portal's report shows, as the operator stores it with `PUT /admin/sandbox/CN/companies/{uscc}`. At most one
 * representative label (法定代表人 for companies, 负责人 for branches, 执行事务合伙人 for partnerships, 经营者 for sole
 * traders) and one address label (住所, 营业场所, 主要经营场所, 经营场所): the report prints those rows empty when the
 * register has no value, so a record without them is accepted and answered without a representative or address.
 * A table row without the value that names it (a person's 姓名, a shareholder, a branch's 名称, a change's 变更事项)
 * is an empty row of the report and is dropped; a change may have an empty 变更前内容 or 变更后内容 (a field set for
 * the first time, or cleared). 登记状态 is the portal's words (存续, 注销…) or its code (K, A, B, DA, D, XX, DX, QX, C).
 * 注册资本 is written "500万人民币".
 */
export const CnRecordSchema = z
  .object({
    统一社会信用代码: z
      .string()
      .trim()
      .regex(/^[0-9A-Z]{18}$/, '18 capital letters or digits')
      .optional(),
    企业名称: text(200),
    类型: text(100),
    法定代表人: text(200).optional(),
    负责人: text(200).optional(),
    执行事务合伙人: text(300).optional(),
    经营者: text(200).optional(),
    注册资本: z
      .string()
      .trim()
      .regex(/^[0-9][0-9,]*(\.[0-9]+)?(万|亿)?.{0,8}$/, 'an amount in 万 and a currency, e.g. 500万人民币')
      .optional(),
    成立日期: date.optional(),
    营业期限自: date.optional(),
    营业期限至: z.union([date, z.enum(['长期', '无固定期限'])]).optional(),
    登记机关: text(100).optional(),
    核准日期: date.optional(),
    登记状态: text(50),
    住所: text(300).optional(),
    营业场所: text(300).optional(),
    主要经营场所: text(300).optional(),
    经营场所: text(300).optional(),
    经营范围: text(4000).optional(),
    主要人员: withoutBlank(
      '姓名',
      z
        .array(z.object({ 姓名: text(100), 职务: text(100) }))
        .max(200)
        .default([]),
    ),
    股东: withoutBlank(
      '股东',
      z
        .array(z.object({ 股东类型: text(50), 股东: text(200), 证照类型: text(100).optional() }))
        .max(500)
        .default([]),
    ),
    分支机构: withoutBlank(
      '名称',
      z
        .array(z.object({ 统一社会信用代码: z.string().trim().optional(), 名称: text(200), 登记机关: text(100).optional() }))
        .max(500)
        .default([]),
    ),
    变更信息: withoutBlank(
      '变更事项',
      z
        .array(z.object({ 变更事项: text(100), 变更前内容: text(2000).optional(), 变更后内容: text(2000).optional(), 变更日期: date }))
        .max(500)
        .default([]),
    ),
  })
  .superRefine((r, ctx) => {
    const reps = REPRESENTATIVE_LABELS.filter((l) => r[l] !== undefined);
    if (reps.length > 1) {
      ctx.addIssue({ code: 'custom', message: `at most one of ${REPRESENTATIVE_LABELS.join(', ')} (found ${reps.length})` });
    }
    const addresses = ADDRESS_LABELS.filter((l) => r[l] !== undefined);
    if (addresses.length > 1) {
      ctx.addIssue({ code: 'custom', message: `at most one of ${ADDRESS_LABELS.join(', ')} (found ${addresses.length})` });
    }
  })
  .meta({ id: 'CnSandboxRecord' });
export type CnRecordInput = z.input<typeof CnRecordSchema>;
export type CnRecord = z.infer<typeof CnRecordSchema>;

/** The representative label and name of a record; without one, the company's label (法定代表人) and no name. */
export function representativeOf(r: CnRecord): { label: (typeof REPRESENTATIVE_LABELS)[number]; name?: string } {
  const label = REPRESENTATIVE_LABELS.find((l) => r[l] !== undefined) ?? REPRESENTATIVE_LABELS[0];
  return { label, name: r[label] };
}

/** The address label and address of a record; without one, the company's label (住所) and no address. */
export function addressOf(r: CnRecord): { label: (typeof ADDRESS_LABELS)[number]; address?: string } {
  const label = ADDRESS_LABELS.find((l) => r[l] !== undefined) ?? ADDRESS_LABELS[0];
  return { label, address: r[label] };
}
