/**
 * The language and time zone texts and dates are produced in (decision 045). Whoever hosts the
 * contracts says where they come from: the web server per request, the browser once per page, a
 * service per member it writes to. Nobody saying anything means English and UTC, which is what the
 * API answers integrators.
 */
export interface Locale {
  language: string;
  timeZone: string;
}

export const DEFAULT_LOCALE: Locale = { language: 'en', timeZone: 'UTC' };

type LocaleSource = () => Locale | undefined;

// Several hosts may share one process (the embedded product runs the web server and every service
// together): each says where its own requests' locale is, and the first that knows answers.
let sources: LocaleSource[] = [];
let override: Locale | undefined;

export function setLocaleSource(next: LocaleSource): void {
  sources = [next, ...sources.filter((s) => s !== next)];
}

function fromSources(): Locale | undefined {
  for (const source of sources) {
    const locale = source();
    if (locale) return locale;
  }
  return undefined;
}

export function currentLocale(): Locale {
  return override ?? fromSources() ?? DEFAULT_LOCALE;
}

export function currentLanguage(): string {
  return currentLocale().language;
}

/** Runs `work` (synchronous) with texts in `locale`: e.g. one e-mail among many for different members. */
export function inLocale<T>(locale: Partial<Locale>, work: () => T): T {
  const before = override;
  override = { ...currentLocale(), ...locale };
  try {
    return work();
  } finally {
    override = before;
  }
}
