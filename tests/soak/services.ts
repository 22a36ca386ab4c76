import { serviceNames } from '@kora/contracts';

/** The service processes of the distributed product (the contracts' one list), and the schema each keeps its tables in. */
export const SERVICE_NAMES = serviceNames;

export const schemaOf = (service: string): string => service.replaceAll('-', '_');
