// Where generated/openapi.json lies beside the sources (or beside dist/ in the package), for Node
// code that reads the file itself. Not part of the core: the core parses the text it imports
// (contract/load.ts), and a `new URL(..., import.meta.url)` there would make bundlers ship the file.
import { resolve } from 'node:path';

export const BUNDLED_SPEC_PATH = resolve(import.meta.dirname, '../../generated/openapi.json');
