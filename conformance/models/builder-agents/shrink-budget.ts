// A time budget for shrinking a model whose commands wait (for processing to end, for a listing
// to complete): once a run has failed, shrink attempts after the budget are not run and count as
// passing, so fast-check stops at the shortest failing sequence found by then (still replayable by
// its seed and path). Runs before the first failure are never cut short.
export const SHRINK_BUDGET_MS = 120_000;

export function withShrinkBudget<T>(body: (value: T) => Promise<void>, budgetMs = SHRINK_BUDGET_MS): (value: T) => Promise<void> {
  let firstFailure: number | undefined;
  return async (value) => {
    if (firstFailure !== undefined && Date.now() - firstFailure > budgetMs) return;
    try {
      await body(value);
    } catch (error) {
      // The models throw on every documented failure (requireRule), so a throw marks a failing run.
      firstFailure ??= Date.now();
      throw error;
    }
  };
}
