import { describe, expect, it } from 'vitest';
import { learningModuleCodes, REQUIRED_INDUCTION_MODULE } from './learning';
import { findLearningModule, learningModules } from './learning-modules';
import { isQuizPass, quizScorePercent } from './api/learning';

describe('the learning hub modules', () => {
  it('are the six modules of the domain, in order, the induction first', () => {
    expect(learningModules.map((module) => module.code)).toEqual([...learningModuleCodes]);
    expect(learningModules[0]?.code).toBe(REQUIRED_INDUCTION_MODULE);
    expect(findLearningModule('manual-handling')?.title).toBe('Manual handling');
    expect(findLearningModule('nope')).toBeUndefined();
  });

  it('each have a summary, a reading time, several sections and a quiz of at least five questions with one right option among theirs', () => {
    for (const module of learningModules) {
      expect(module.summary.length, module.code).toBeGreaterThan(50);
      expect(module.readingMinutes, module.code).toBeGreaterThan(0);
      expect(module.sections.length, module.code).toBeGreaterThanOrEqual(3);
      for (const section of module.sections) expect(section.markdown.length, section.heading).toBeGreaterThan(200);
      expect(module.quiz.length, module.code).toBeGreaterThanOrEqual(5);
      expect(new Set(module.quiz.map((question) => question.id)).size).toBe(module.quiz.length);
      for (const question of module.quiz) {
        const ids = question.options.map((option) => option.id);
        expect(new Set(ids).size, question.prompt).toBe(ids.length);
        expect(ids.length, question.prompt).toBeGreaterThanOrEqual(3);
        expect(ids, question.prompt).toContain(question.correctOptionId);
      }
    }
  });

  it('do not always put the right answer in the same place', () => {
    for (const module of learningModules) {
      expect(new Set(module.quiz.map((question) => question.correctOptionId)).size, module.code).toBeGreaterThan(1);
    }
  });

  it('never write the brand: it comes from configuration ({brand})', () => {
    const text = JSON.stringify(learningModules);
    expect(text).not.toMatch(/tendly/i);
    expect(text).toContain('{brand}');
  });

  it('name the seven obligations of the NDIS Code of Conduct, the six rights of medication and the 24-hour notice', () => {
    const conduct = findLearningModule('ndis-code-of-conduct')!;
    const obligations = conduct.sections.find((section) => section.heading === 'The seven obligations')!.markdown;
    expect(obligations.match(/^\d\. /gm)).toHaveLength(7);
    const medication = findLearningModule('medication-awareness')!;
    const rights = medication.sections.find((section) => section.heading === 'The six rights')!.markdown;
    expect(rights.match(/^\d\. \*\*Right /gm)).toHaveLength(6);
    const incidents = JSON.stringify(findLearningModule('incident-reporting'));
    expect(incidents).toContain('within 24 hours');
  });
});

describe('quiz scores', () => {
  it('round down, so that 79.9% is not a pass', () => {
    expect(quizScorePercent(5, 6)).toBe(83);
    expect(quizScorePercent(4, 5)).toBe(80);
    expect(quizScorePercent(4, 6)).toBe(66);
    expect(isQuizPass(80)).toBe(true);
    expect(isQuizPass(79)).toBe(false);
  });
});
