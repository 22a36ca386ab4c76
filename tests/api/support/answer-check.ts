/**
 * Holds every answer the API tests get against the document the gateway serves (decision 015): the
 * status is one the operation documents, the content type one of that status's, and a JSON body
 * matches its schema. Pure: the caller hands in the document and the answer. Requests to a path
 * or method the document does not describe (the web app's pages, a route a test invents) are
 * not judged here.
 */
import { Ajv, type ValidateFunction } from 'ajv';

type Json = Record<string, unknown>;

interface Operation {
  template: string;
  method: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

export interface Answer {
  method: string;
  /** The request's path, without the query. */
  path: string;
  status: number;
  contentType: string | null;
  body: string;
}

interface Route {
  template: string;
  pattern: RegExp;
  /** Literal segments first: `/api/users/search` before `/api/users/{id}`. */
  literals: number;
  item: Json;
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function routeOf(template: string, item: Json): Route {
  const segments = template.split('/');
  // A wildcard route is written with a named last parameter (`/uploads/{path}`): it spans slashes.
  const last = segments.length - 1;
  const pattern = segments
    .map((segment, i) => (/^\{.+\}$/.test(segment) ? (i === last && template.startsWith('/uploads/') ? '.+' : '[^/]+') : escape(segment)))
    .join('/');
  return { template, pattern: new RegExp(`^${pattern}$`), literals: segments.filter((s) => !s.startsWith('{')).length, item };
}

const mediaType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

function typeMatches(documented: string, actual: string): boolean {
  if (documented === '*/*' || documented === actual) return true;
  return documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1));
}

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

export interface AnswerChecker {
  /** What is wrong with the answer, or an empty list. */
  problems(answer: Answer): string[];
}

export function answerChecker(document: Json): AnswerChecker {
  const paths = (document.paths ?? {}) as Record<string, Json>;
  const routes = Object.entries(paths)
    .map(([template, item]) => routeOf(template, item))
    .sort((a, b) => b.literals - a.literals);
  // OpenAPI 3.0 keywords beside JSON Schema's (`example`, `nullable`): not strict. Formats are the
  // services' validators' to enforce; here the shape is what is held.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  // Every schema is compiled beside the document's components, so its `$ref`s resolve.
  const components = document.components ?? {};
  const compiled = new Map<string, ValidateFunction>();
  const validator = (key: string, schema: unknown) => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ ...(schema as Json), components });
      compiled.set(key, validate);
    }
    return validate;
  };

  function operationFor(method: string, path: string): Operation | undefined {
    const verb = method.toLowerCase();
    for (const route of routes) {
      if (!route.pattern.test(path)) continue;
      const op = (route.item[verb] ?? (verb === 'head' ? route.item.get : undefined)) as Json | undefined;
      if (op) return { template: route.template, method: verb, responses: (op.responses ?? {}) as Operation['responses'] };
    }
    return undefined;
  }

  return {
    problems(answer) {
      const op = operationFor(answer.method, answer.path);
      if (!op) return [];
      const where = `${answer.method.toUpperCase()} ${answer.path} (${op.template}) answered ${answer.status}`;
      const status = String(answer.status);
      const documented = op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default;
      if (!documented) return [`${where}: the document lists only ${Object.keys(op.responses).join(', ')}`];
      const content = documented.content;
      if (answer.method.toLowerCase() === 'head' || answer.body === '') return [];
      if (!content) return [`${where} with a ${answer.contentType ?? 'typeless'} body: the document says no body`];
      const actual = answer.contentType ? mediaType(answer.contentType) : '';
      const type = Object.keys(content).find((t) => typeMatches(t.toLowerCase(), actual));
      if (!type) return [`${where} as ${actual || 'no content type'}: the document says ${Object.keys(content).join(', ')}`];
      const schema = content[type]?.schema;
      if (!schema || !isJson(actual)) return [];
      let value: unknown;
      try {
        value = JSON.parse(answer.body);
      } catch {
        return [`${where}: the body is not JSON`];
      }
      const validate = validator(`${op.method} ${op.template} ${status} ${type}`, schema);
      if (validate(value)) return [];
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}`.trim());
      return [`${where}: the body does not match the document: ${errors.join('; ')}`];
    },
  };
}
