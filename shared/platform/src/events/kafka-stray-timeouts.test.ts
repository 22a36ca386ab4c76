import { describe, expect, it } from 'vitest';
import { isStrayKafkaTimeout } from './kafka-stray-timeouts.js';

function kafkaError(name: string, retriable: boolean): Error {
  const error = new Error('Request Metadata(key: 3, version: 6) timed out') as Error & { retriable: boolean };
  error.name = name;
  error.retriable = retriable;
  return error;
}

describe('isStrayKafkaTimeout', () => {
  it('recognises the retriable request timeout kafkajs leaves unhandled', () => {
    expect(isStrayKafkaTimeout(kafkaError('KafkaJSRequestTimeoutError', true))).toBe(true);
  });

  it('leaves every other rejection to crash the process', () => {
    expect(isStrayKafkaTimeout(kafkaError('KafkaJSRequestTimeoutError', false))).toBe(false);
    expect(isStrayKafkaTimeout(kafkaError('KafkaJSNumberOfRetriesExceeded', true))).toBe(false);
    expect(isStrayKafkaTimeout(new TypeError('x is undefined'))).toBe(false);
    expect(isStrayKafkaTimeout('KafkaJSRequestTimeoutError')).toBe(false);
  });
});
