// Every example in the contract validates against its schema with Ajv (JSON Schema 2020-12):
// parameter, request body, response body and header examples, and examples on named schemas.
import { createContractAjv } from '../../../contract/ajv.ts';
import { deref } from '../../../contract/deref.ts';
import type { JsonObject, MediaTypeObject } from '../../../contract/openapi-types.ts';
import { listOperations } from '../../../contract/operations.ts';
import { joinPointer } from '../../../contract/pointer.ts';
import type { Problem, SpecCheckContext } from './problem.ts';

interface ExampleSite {
  /** Pointer of the object holding `schema` and `example`/`examples`. */
  pointer: string;
  holder: MediaTypeObject;
}

function examplesOf(doc: unknown, site: ExampleSite): Array<{ name: string; value: unknown }> {
  const out: Array<{ name: string; value: unknown }> = [];
  if ('example' in site.holder) out.push({ name: 'example', value: site.holder.example });
  for (const [name, example] of Object.entries(site.holder.examples ?? {})) {
    const resolved = deref<JsonObject>(doc, example, joinPointer(site.pointer, 'examples', name)).value;
    if ('value' in resolved) out.push({ name, value: resolved.value });
  }
  return out;
}

export function checkExamples(ctx: SpecCheckContext): Problem[] {
  const { doc } = ctx;
  const contract = createContractAjv(doc);
  const problems: Problem[] = [];
  const sites: ExampleSite[] = [];

  for (const op of listOperations(doc)) {
    for (const p of op.parameters) sites.push({ pointer: p.pointer, holder: p.value as MediaTypeObject });
    for (const [type, media] of Object.entries(op.requestBody?.value.content ?? {})) {
      sites.push({ pointer: joinPointer(op.requestBody?.pointer ?? '', 'content', type), holder: media });
    }
    for (const response of op.responses.values()) {
      for (const [type, media] of Object.entries(response.value.content ?? {})) {
        sites.push({ pointer: joinPointer(response.pointer, 'content', type), holder: media });
      }
      for (const [name, header] of Object.entries(response.value.headers ?? {})) {
        const h = deref<MediaTypeObject>(doc, header, joinPointer(response.pointer, 'headers', name));
        sites.push(h.value.schema ? { pointer: h.pointer, holder: h.value } : { pointer: h.pointer, holder: {} });
      }
    }
  }
  for (const [name, schema] of Object.entries(doc.components.schemas ?? {})) {
    const s = schema as JsonObject;
    const pointer = joinPointer('#', 'components', 'schemas', name);
    if ('example' in s) sites.push({ pointer, holder: { schema: { $ref: pointer }, example: s.example } });
    if (Array.isArray(s.examples)) {
      s.examples.forEach((value, i) => {
        sites.push({ pointer, holder: { schema: { $ref: pointer }, examples: { [`examples[${i}]`]: { value } } } });
      });
    }
  }

  const seen = new Set<string>();
  for (const site of sites) {
    if (!site.holder.schema) continue;
    const examples = examplesOf(doc, site);
    if (examples.length === 0) continue;
    const key = `${site.pointer}|${JSON.stringify(examples)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const schemaPointer = '$ref' in site.holder.schema && Object.keys(site.holder.schema).length === 1
      ? String(site.holder.schema.$ref)
      : joinPointer(site.pointer, 'schema');
    let validate: ReturnType<typeof contract.validator>;
    try {
      validate = contract.validator(schemaPointer);
    } catch (error) {
      problems.push({ check: 'examples', where: schemaPointer, message: (error as Error).message, severity: 'error' });
      continue;
    }
    for (const example of examples) {
      if (!validate(example.value)) {
        const why = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
        problems.push({ check: 'examples', where: `${site.pointer} (${example.name})`, message: why, severity: 'error' });
      }
    }
  }
  return problems;
}
