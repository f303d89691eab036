// A finding of a spec check: where it is and what is wrong.
export interface Problem {
  check: string;
  where: string;
  message: string;
  severity: 'error' | 'warning';
}

export type SpecCheck = (ctx: SpecCheckContext) => Promise<Problem[]> | Problem[];

export interface SpecCheckContext {
  /** The bundled document (never mutated by checks). */
  doc: import('../../../contract/openapi-types.ts').OpenApiDocument;
  /** Path of a temporary file holding the bundled document as JSON. */
  bundleFile: string;
  /** The project root. */
  root: string;
}
