/**
 * What the gateway answers to a request Node cannot even parse (headers past Node's size limit, a
 * malformed request line, headers that never finish): the one error shape `{ error, message, code }`
 * like every other answer. Fastify's default handler answers these in its own shape (no `code`, a
 * `message` unlike `error`), which the fuzzer flagged (tests/api/fuzz.test.ts).
 */
import { errorBody, ErrorCode } from '@kora/contracts';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { GatewayErrorCode } from './errors.js';

function refusalFor(code: string | undefined): { status: number; message: string; code: string } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, message: 'The request headers are too large', code: GatewayErrorCode.HeadersTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'The request took too long to arrive', code: GatewayErrorCode.RequestTimeout };
  return { status: 400, message: 'The request is not valid', code: ErrorCode.BadRequest };
}

export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // The client is gone: nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const refusal = refusalFor(err.code);
    const body = JSON.stringify(errorBody(refusal.message, refusal.code));
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
