export const KB: number;
export interface Budgets {
  default: number;
  pages: Record<string, number>;
  layout: string;
  bare: string[];
}
export const BUDGETS: Budgets;
export interface PageLoad {
  page: string;
  bytes: number;
  budget: number;
  files: string[];
}
export interface FirstLoadResult {
  pages: PageLoad[];
  problems: string[];
}
export function checkFirstLoad(clientDir: string, budgets?: Budgets): FirstLoadResult;
export function formatReport(result: FirstLoadResult): string;
