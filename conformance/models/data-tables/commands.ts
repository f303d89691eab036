// The commands of the data table model, as fast-check arbitraries: add records (values of every
// column type, any subset of the columns; one record in the published `{record}` form), update one
// record (a non-empty subset; by its id in the path, or in bulk), delete one (by its id in the
// path, or in bulk), add a record with a value that does not fit its column's type.
import fc from 'fast-check';
import type { Real } from '../model-kit.ts';
import { AddRecordsCommand } from './add-records.ts';
import { AddMisfitCommand, MISFITS } from './column-types.ts';
import { DeleteRecordCommand } from './delete-record.ts';
import type { DataTableModel, Values } from './model.ts';
import { UpdateRecordCommand } from './update-record.ts';

export type DataTableCommand = fc.AsyncCommand<DataTableModel, Real>;

const value = {
  label: fc.constantFrom('Trail Runner', 'Road Cruiser', 'Ä ö ü ß', ''),
  amount: fc.constantFrom(0, 12, 129.9, -3.5, 1e6),
  active: fc.boolean(),
  day: fc.constantFrom('2026-01-01', '2026-02-28', '2024-02-29', '2026-12-31'),
  link: fc.constantFrom('https://shop.example/p/1', 'http://example.org/a?b=c'),
  extra: fc.constantFrom({ colors: ['black'] }, [1, 2], 'text', 7, true),
};

export function recordValues(requiredAtLeastOne: boolean): fc.Arbitrary<Values> {
  const nullable = Object.fromEntries(Object.entries(value).map(([k, a]) => [k, fc.oneof(a as fc.Arbitrary<unknown>, fc.constant(null))])) as Record<keyof typeof value, fc.Arbitrary<unknown>>;
  return fc.record(nullable, { requiredKeys: [] }).filter((v) => !requiredAtLeastOne || (Object.keys(v).length > 0 && Object.keys(v).length < 6));
}

export function dataTableCommands(): Array<fc.Arbitrary<DataTableCommand>> {
  const pick = fc.nat({ max: 20 });
  return [
    fc.array(recordValues(false), { minLength: 1, maxLength: 3 }).map((records) => new AddRecordsCommand(records)),
    fc.tuple(pick, recordValues(true), fc.constantFrom('one' as const, 'bulk' as const)).map(([p, patch, form]) => new UpdateRecordCommand(p, patch, form)),
    fc.tuple(pick, fc.constantFrom('one' as const, 'bulk' as const)).map(([p, form]) => new DeleteRecordCommand(p, form)),
    fc
      .constantFrom(...(Object.keys(MISFITS) as Array<keyof typeof MISFITS>))
      .chain((key) => fc.constantFrom(...MISFITS[key]).map((v) => new AddMisfitCommand(key, v))),
  ];
}
