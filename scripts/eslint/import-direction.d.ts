import type { ESLint, Rule } from 'eslint';

export interface ArchitectureElement {
  app: string;
  layer: 'domain' | 'shell' | 'platform' | 'feature';
  feature?: string;
}
export function classify(absoluteFile: string, root: string): ArchitectureElement | null;
export function violation(from: ArchitectureElement, to: ArchitectureElement, options?: { isTest?: boolean }): string | null;
export const importDirection: Rule.RuleModule;
export const architecturePlugin: ESLint.Plugin;
