// The TLS and SASL options of a Kafka client for the cluster the environment names (KAFKA_BROKERS
// with KAFKA_SSL, KAFKA_SASL_MECHANISM…), read by the platform's own config code, so the tools'
// admin clients connect exactly as the services do (decision 028). Throws the platform's
// ConfigError for a combination that cannot work.
const platform = (file) => new URL(`../../shared/platform/src/${file}`, import.meta.url).href;

/** @returns {Promise<{ ssl?: object | boolean, sasl?: object }>} to spread into `new Kafka({...})` */
export async function kafkaClientSecurity(env = process.env) {
  // Plaintext (every private test broker) needs no parsing: spare the TypeScript loader's start.
  if (!Object.keys(env).some((key) => /^KAFKA_(SSL|SASL)_?/.test(key) && env[key])) return {};
  const { tsImport } = await import('tsx/esm/api');
  const { loadConfig, kafkaSecurityEnvSchema } = await tsImport(platform('config.ts'), import.meta.url);
  const { kafkaSecurity } = await tsImport(platform('events/kafka-security.ts'), import.meta.url);
  return kafkaSecurity(loadConfig(kafkaSecurityEnvSchema, env));
}
