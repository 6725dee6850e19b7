import type { JsonSchema, OpenApiDocument, OpenApiOperation } from '@relevo/api';
import { ROLE_LABELS, roleFromName } from '@relevo/domain';

// docs/product.md#openapi-document: what the API reference page reads of the document.

/** One endpoint of the document. */
export interface ReferenceEndpoint {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

/** The endpoints of one tag (an area of the API), in the document's order of tags. */
export interface ReferenceGroup {
  tag: string;
  endpoints: ReferenceEndpoint[];
}

const METHOD_ORDER = ['get', 'put', 'post', 'delete'];

/** The document's endpoints by tag: the tags in the document's order, each one's endpoints by path and method. */
export function referenceGroups(document: OpenApiDocument): ReferenceGroup[] {
  const byTag = new Map<string, ReferenceEndpoint[]>(document.tags.map(({ name }) => [name, []]));
  for (const path of Object.keys(document.paths).sort()) {
    const item = document.paths[path] ?? {};
    for (const method of METHOD_ORDER) {
      const operation = item[method as keyof typeof item];
      if (!operation) continue;
      const tag = operation.tags[0] ?? '';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)?.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return [...byTag].filter(([, endpoints]) => endpoints.length > 0).map(([tag, endpoints]) => ({ tag, endpoints }));
}

/** The text a filter looks in: method, path, summary, name and area. */
const searchText = ({ method, path, operation }: ReferenceEndpoint) =>
  [method, path, operation.summary, operation.operationId, ...operation.tags].join(' ').toLowerCase();

/** The groups with the endpoints whose text holds every word of the filter; groups left empty go. */
export function filterGroups(groups: readonly ReferenceGroup[], filter: string): ReferenceGroup[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups
    .map(({ tag, endpoints }) => ({
      tag,
      endpoints: endpoints.filter((endpoint) => {
        const text = searchText(endpoint);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter(({ endpoints }) => endpoints.length > 0);
}

/** The roles of a session endpoint, by their labels ('Customer Root'). */
export function roleLabels(operation: OpenApiOperation): string[] {
  return (operation['x-relevo-roles'] ?? []).map((name) => {
    const role = roleFromName(name);
    return role === undefined ? name : ROLE_LABELS[role];
  });
}

/** A field of a request: a parameter or a body field. */
export interface ReferenceField {
  name: string;
  /** path, query, header or body */
  where: string;
  type: string;
  required: boolean;
}

/** A schema's type in a few words: `integer`, `string (email)`, `'Y' | 'N'`, `array of string`. */
export function schemaType(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => JSON.stringify(value).replace(/"/g, "'")).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const).replace(/"/g, "'");
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'any';
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  // a whole number may come as a number or as its text: the pipe's integer check names it
  if (schema.type === 'integer' || (branches && schema.type === undefined && hasInteger(branches))) return 'integer';
  if (branches?.length) return [...new Set(branches.map(schemaType))].join(' | ');
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [String(schema.type)] : [];
  if (types.includes('array')) return `array of ${schemaType(schema.items as JsonSchema | undefined)}`;
  if (types.length === 0) return 'any';
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return `${types.join(' | ')}${format}`;
}

const hasInteger = (branches: JsonSchema[]) => branches.some((branch) => branch.type === 'integer');

/** The path, query and header parameters of an endpoint. */
export function parameterFields(operation: OpenApiOperation): ReferenceField[] {
  return (operation.parameters ?? []).map((parameter) => ({
    name: parameter.name,
    where: parameter.in,
    type: schemaType(parameter.schema),
    required: parameter.required,
  }));
}

/** The top-level fields of an endpoint's JSON body. */
export function bodyFields(operation: OpenApiOperation): ReferenceField[] {
  const schema = operation.requestBody?.content['application/json']?.schema;
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, field]) => ({
    name,
    where: 'body',
    type: schemaType(field),
    required: required.has(name),
  }));
}
