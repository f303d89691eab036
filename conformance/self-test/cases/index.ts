// Every self-test case, one file per area of the catalogue.
import type { FaultCase } from '../case.ts';
import { CROSS_CUTTING_CASES } from './cross-cutting.ts';
import { RESOURCE_CASES } from './resources.ts';
import { STATE_CASES } from './state.ts';

export const FAULT_CASES: readonly FaultCase[] = [...CROSS_CUTTING_CASES, ...RESOURCE_CASES, ...STATE_CASES];
