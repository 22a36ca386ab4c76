// A stand-in for an OpenTelemetry collector, for tests (decision 053): the product exports its spans
// as OTLP/HTTP JSON to OTEL_EXPORTER_OTLP_ENDPOINT, and the sink keeps them in memory for tests to
// read back through a small HTTP API:
//   POST /v1/traces                 OTLP/HTTP JSON (gzip or not); protobuf is refused with 415
//   GET  /spans?traceId=<32 hex>    [{ traceId, spanId, parentSpanId, name, kind, service, attributes,
//                                      startTimeUnixNano, endTimeUnixNano, status }] in arrival order
// Loopback only; nothing is forwarded anywhere. It keeps the newest MAX_SPANS spans.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { listenOnLoopback } from './proc.mjs';

const MAX_SPANS = 50_000;
const MAX_BODY_BYTES = 16 * 1024 * 1024;
// OTLP's SpanKind numbers.
const KINDS = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'];

/** An OTLP AnyValue as a plain value. */
function plain(value) {
  if (!value || typeof value !== 'object') return null;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('arrayValue' in value) return (value.arrayValue?.values ?? []).map(plain);
  if ('kvlistValue' in value) return attributesOf(value.kvlistValue?.values);
  if ('bytesValue' in value) return value.bytesValue;
  return null;
}

function attributesOf(list) {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, plain(value)]));
}

/** The spans of one ExportTraceServiceRequest, each flattened with its resource's service name. */
export function spansOf(request) {
  const spans = [];
  for (const resourceSpans of request?.resourceSpans ?? []) {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        spans.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || null,
          name: span.name,
          kind: KINDS[span.kind] ?? String(span.kind),
          service: resource['service.name'] ?? null,
          attributes: attributesOf(span.attributes),
          startTimeUnixNano: String(span.startTimeUnixNano),
          endTimeUnixNano: String(span.endTimeUnixNano),
          status: span.status ?? {},
        });
      }
    }
  }
  return spans;
}

function answer(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startOtlpSink() {
  const spans = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink');
    if (req.method === 'GET' && url.pathname === '/spans') {
      const traceId = url.searchParams.get('traceId');
      return answer(res, 200, traceId ? spans.filter((s) => s.traceId === traceId) : spans);
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/traces') return answer(res, 404, { error: 'not found' });
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') {
      req.resume();
      return answer(res, 415, { error: `only OTLP/HTTP JSON is kept here, not ${type || 'an untyped body'}` });
    }
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        let body = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        spans.push(...spansOf(JSON.parse(body.toString('utf8'))));
        if (spans.length > MAX_SPANS) spans.splice(0, spans.length - MAX_SPANS);
        answer(res, 200, {});
      } catch (err) {
        answer(res, 400, { error: `not an OTLP JSON export: ${err.message}` });
      }
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    /** The base URL: OTEL_EXPORTER_OTLP_ENDPOINT (the exporter adds /v1/traces). */
    url,
    spans,
    close,
  };
}
