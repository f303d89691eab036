// `npm run conformance:drift`: the same seeded plan of reads against the mock and a deployment, and
// where their answers differ (drift-cli.ts). Exit code 0: no drift; 1: drift; 2: a usage mistake.
import { driftMain } from './drift-cli.ts';

process.exitCode = await driftMain(process.argv.slice(2), process.env);
