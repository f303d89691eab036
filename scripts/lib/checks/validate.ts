// The bundled document is a valid OpenAPI 3.1 description (@apidevtools/swagger-parser).
import SwaggerParser from '@apidevtools/swagger-parser';
import type { Problem, SpecCheckContext } from './problem.ts';

export async function checkValid(ctx: SpecCheckContext): Promise<Problem[]> {
  try {
    await SwaggerParser.validate(structuredClone(ctx.doc) as never);
    return [];
  } catch (error) {
    const details = (error as { details?: Array<{ instancePath?: string; message?: string }> }).details;
    const lines = details?.length
      ? details.map((d) => `${d.instancePath ?? ''} ${d.message ?? ''}`.trim())
      : [(error as Error).message];
    return lines.map((message) => ({ check: 'openapi-valid', where: 'bundle', message, severity: 'error' }));
  }
}
