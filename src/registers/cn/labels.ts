/**
 * The labels and section titles of the portal's credit report (企业信用信息公示报告). They are the report's format:
 * the emulator prints them, the extractor looks for them, and the sandbox record uses them as keys (CONTRACT §5).
 */
export const REPORT_TITLE = '企业信用信息公示报告';

/** Who represents the entity, by kind: companies, branches, partnerships, sole traders. */
export const REPRESENTATIVE_LABELS = ['法定代表人', '负责人', '执行事务合伙人', '经营者'] as const;
/** Where it is, by the same kinds. */
export const ADDRESS_LABELS = ['住所', '营业场所', '主要经营场所', '经营场所'] as const;

/** The rows of 营业执照信息, in the order the report prints them; the representative and address rows use one label of their kind. */
export const LICENCE_ROWS = [
  '统一社会信用代码',
  '企业名称',
  '类型',
  'REPRESENTATIVE',
  '注册资本',
  '成立日期',
  '营业期限自',
  '营业期限至',
  '登记机关',
  '核准日期',
  '登记状态',
  'ADDRESS',
  '经营范围',
] as const;

export const SECTIONS = {
  licence: '营业执照信息',
  persons: '主要人员信息',
  shareholders: '股东及出资信息',
  branches: '分支机构信息',
  changes: '变更信息',
} as const;

/** Table columns of the sections after the licence; 序号 (row number) first. */
export const TABLE_COLUMNS = {
  persons: ['序号', '姓名', '职务'],
  shareholders: ['序号', '股东类型', '股东', '证照类型'],
  branches: ['序号', '统一社会信用代码', '名称', '登记机关'],
  changes: ['序号', '变更事项', '变更前内容', '变更后内容', '变更日期'],
} as const;

/** What an empty table prints. */
export const NO_DATA = '暂无数据';
/** The 变更事项 of a change of name: its 变更前内容 is a former name. */
export const NAME_CHANGE = '名称变更';
