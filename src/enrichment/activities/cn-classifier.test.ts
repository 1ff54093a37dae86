import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { naceByCode } from '../reference/activities.ts';
import { DictionaryClassifier } from './classifier.ts';
import { dictionaryTerms } from './dictionary.ts';
import { inferActivities, LanguageModelClassifier, type LanguageModelProvider } from './index.ts';
import { scopeItems } from './scope.ts';

const classifier = new DictionaryClassifier();
const top = (scope: string) => classifier.classifySync(scope)[0]?.nace;

describe('CN business-scope activity inference', () => {
  it('removes the licence formulas and legal reminders, and splits clauses', () => {
    assert.deepEqual(
      scopeItems(
        '许可项目：餐饮服务。（依法须经批准的项目，经相关部门批准后方可开展经营活动）一般项目：软件开发；技术服务、技术开发。（除依法须经批准的项目外，凭营业执照依法自主开展经营活动）',
      ),
      ['餐饮服务', '软件开发', '技术服务、技术开发'],
    );
  });

  it('finds the main activity of typical scopes', () => {
    assert.equal(top('一般项目：软件开发；信息技术咨询服务；计算机系统服务。'), '62.01');
    assert.equal(top('许可项目：餐饮服务；食品经营。一般项目：外卖递送服务。'), '56.10');
    assert.equal(top('许可项目：道路货物运输（不含危险货物）。一般项目：国内货物运输代理；装卸搬运。'), '49.41');
    assert.equal(top('药品零售；保健食品销售'), '47.73');
    // A wording the dictionary does not hold, matched by its character pairs.
    assert.equal(top('软件的开发与销售'), '62.01');
  });

  it('answers with NACE and ISIC from the reference lists, every item inferred; nothing for an unknown scope', async () => {
    const a = await inferActivities('软件开发；信息系统集成服务；计算机软硬件及辅助设备零售');
    assert.ok(a?.NACE?.length && a.ISIC?.length);
    assert.equal(a!.NACE![0]!.code, '62.01');
    assert.equal(a!.NACE![0]!.description, naceByCode('62.01')!.description);
    assert.equal(a!.ISIC![0]!.code, '6201');
    for (const item of [...a!.NACE!, ...a!.ISIC!]) assert.equal(item.isAIInferred, true);
    assert.equal(await inferActivities('甲乙丙丁'), undefined);
    assert.equal(await inferActivities(''), undefined);
  });

  it('holds only real NACE classes, and labels only real NACE classes in the bench set of 100+', () => {
    for (const t of dictionaryTerms()) assert.equal(naceByCode(t.nace)?.level, 4, t.term);
    const { scopes } = JSON.parse(readFileSync(new URL('./cn-labelled-scopes.json', import.meta.url), 'utf8')) as {
      scopes: { nace: string }[];
    };
    assert.ok(scopes.length >= 100);
    for (const s of scopes) assert.equal(naceByCode(s.nace)?.level, 4, s.nace);
  });

  it('lets a language model re-rank the candidates, never invent a code, and falls back when it fails', async () => {
    const scope = '许可项目：餐饮服务。一般项目：软件开发；物业管理。';
    const says = (answer: string | Error): LanguageModelProvider => ({
      name: 'fake',
      complete: async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    const base = await classifier.classify(scope);
    assert.equal((await new LanguageModelClassifier(says('62.01'), classifier).classify(scope))[0]!.nace, '62.01');
    assert.deepEqual(await new LanguageModelClassifier(says('99.99, 01.11'), classifier).classify(scope), base);
    assert.deepEqual(await new LanguageModelClassifier(says(new Error('down')), classifier).classify(scope), base);
  });
});
