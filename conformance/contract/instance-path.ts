// Ajv reports where a value broke its schema as a JSON pointer into the instance
// (`/data/items/0/uuid`); the label resolver and the field checks want its segments.

/** Splits an Ajv/JSON-pointer instance path (`/data/items/0/uuid`) into segments. */
export function instanceSegments(instancePath: string): string[] {
  if (instancePath === '') return [];
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}
