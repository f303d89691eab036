// How a finding's severity follows the label of the part it is about (contract/labels.ts): a part
// at or above the run's threshold (`--fail-on`) fails the run, a part below it warns. The default
// threshold is `published`: documented and published parts fail, inferred parts warn.
import { LABEL_RANK, LABELS, type Label } from '../../contract/labels.ts';

export const DEFAULT_FAIL_ON: Label = 'published';

/** `fail` when `label` is as authoritative as `failOn` or more, else `warn`. */
export function severityOf(label: Label, failOn: Label): 'fail' | 'warn' {
  return LABEL_RANK[label] <= LABEL_RANK[failOn] ? 'fail' : 'warn';
}

/** The labels whose findings fail a run at `failOn`, and those that only warn. */
export function labelsBy(failOn: Label): { failing: Label[]; warning: Label[] } {
  return { failing: LABELS.filter((l) => severityOf(l, failOn) === 'fail'), warning: LABELS.filter((l) => severityOf(l, failOn) === 'warn') };
}

/** The less authoritative of two labels (a code designed here on a documented field is inferred). */
export function weaker(a: Label, b: Label): Label {
  return LABEL_RANK[a] >= LABEL_RANK[b] ? a : b;
}

/** `documented and published`, as reports name a group of labels. */
export function describeLabels(labels: readonly Label[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}
