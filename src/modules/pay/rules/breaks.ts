// Breaks. The German working-time act (ArbZG §4) asks for 30 minutes of break when the work lasts
// more than 6 hours and 45 minutes when it lasts more than 9 hours. Work is presence minus break, so
// the least break that satisfies a step is min(step break, presence − threshold): someone present
// for 6 h 10 min has worked 6 h after a 10-minute break and needs no more ("gliding"). That way
// staying longer never lowers the paid time. A company may choose "stepped" instead: the full
// step's break as soon as presence exceeds its threshold.

export interface BreakStep {
  afterSeconds: number;
  breakSeconds: number;
}
export interface BreakRule {
  mode: 'gliding' | 'stepped';
  steps: BreakStep[];
}

export const GERMAN_BREAK_RULE: BreakRule = {
  mode: 'gliding',
  steps: [
    { afterSeconds: 6 * 3600, breakSeconds: 30 * 60 },
    { afterSeconds: 9 * 3600, breakSeconds: 45 * 60 },
  ],
};

/** The least break (seconds) the rule requires for a presence of `presenceSeconds`. */
export function requiredBreakSeconds(presenceSeconds: number, rule: BreakRule = GERMAN_BREAK_RULE): number {
  let required = 0;
  for (const step of rule.steps) {
    if (presenceSeconds <= step.afterSeconds) continue;
    const needed =
      rule.mode === 'gliding' ? Math.min(step.breakSeconds, presenceSeconds - step.afterSeconds) : step.breakSeconds;
    required = Math.max(required, needed);
  }
  return Math.min(required, presenceSeconds);
}

/** The break deducted: what was recorded, but at least what the rule requires, and never more than the presence. */
export function deductedBreakSeconds(
  presenceSeconds: number,
  recordedSeconds: number | undefined,
  rule?: BreakRule,
): number {
  return Math.min(presenceSeconds, Math.max(recordedSeconds ?? 0, requiredBreakSeconds(presenceSeconds, rule)));
}
