// Minimal structural types for walking an OpenAPI 3.1 document. The generated types in
// generated/api.ts describe the API's payloads; these describe the contract document itself.
export type JsonObject = { [key: string]: unknown };

export interface OpenApiDocument extends JsonObject {
  openapi: string;
  paths: Record<string, JsonObject>;
  components: Record<string, Record<string, unknown>>;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ParameterObject extends JsonObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonObject;
}

export interface MediaTypeObject extends JsonObject {
  schema?: JsonObject;
  example?: unknown;
  examples?: Record<string, JsonObject>;
}

export interface ResponseObject extends JsonObject {
  description: string;
  headers?: Record<string, JsonObject>;
  content?: Record<string, MediaTypeObject>;
}
