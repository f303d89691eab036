// The control API's own contract (control/openapi.yaml) as validators: each route's body schema
// and the workspace state schema, compiled once with the same Ajv factory as the platform API
// (contract/ajv.ts), in one instance that also holds the API contract, so the workspace schema can
// name the API's record schemas. The description comes from generated/contract-data.ts (no file
// is read).
import type { ValidateFunction } from 'ajv';
import { createContractAjv } from '../../contract/ajv.ts';
import type { OpenApiDocument } from '../../contract/openapi-types.ts';
import { CONTROL_DOCUMENT_JSON } from '../../generated/contract-data.ts';
import { loadContract } from '../contract/load.ts';

export const CONTROL_SCHEMA_ID = 'https://contract.local/control.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface ControlRoute {
  method: string;
  pattern: RegExp;
  body: ValidateFunction | undefined;
}

export interface ControlSchemas {
  /** The body validator of a route (path relative to the prefix), or undefined when it takes none. */
  bodyValidator(method: string, sub: string): ValidateFunction | undefined;
  /** A workspace state in fixture form (instants as ISO strings). */
  workspace: ValidateFunction;
}

let compiled: ControlSchemas | undefined;

export function controlSchemas(): ControlSchemas {
  compiled ??= compile();
  return compiled;
}

function compile(): ControlSchemas {
  const doc = JSON.parse(CONTROL_DOCUMENT_JSON) as OpenApiDocument & { paths: Record<string, Record<string, unknown>> };
  const { ajv } = createContractAjv(loadContract());
  ajv.addSchema({ ...doc, $id: CONTROL_SCHEMA_ID } as object);
  const ref = (pointer: string) => ajv.compile({ $ref: `${CONTROL_SCHEMA_ID}#${pointer}` });
  const routes: ControlRoute[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    if (!template.startsWith('/__mock')) continue;
    const sub = template.slice('/__mock'.length) || '/';
    const pattern = new RegExp(`^${sub.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const method of METHODS) {
      const operation = item[method] as { requestBody?: { content?: Record<string, { schema?: unknown }> } } | undefined;
      if (!operation) continue;
      const hasBody = operation.requestBody?.content?.['application/json']?.schema !== undefined;
      const pointer = `/paths/${pointerSegment(template)}/${method}/requestBody/content/application~1json/schema`;
      routes.push({ method: method.toUpperCase(), pattern, body: hasBody ? ref(pointer) : undefined });
    }
  }
  return {
    bodyValidator: (method, sub) => routes.find((r) => r.method === method && r.pattern.test(sub))?.body,
    workspace: ref('/components/schemas/Workspace'),
  };
}

function pointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}
