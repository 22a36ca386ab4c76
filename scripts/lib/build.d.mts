export function webBuildIsStale(): boolean;
export function ensureWebBuild(options?: { force?: boolean }): void;
export function ensureDependencies(): void;
export function ensureFfmpeg(options?: { required?: boolean }): Promise<void>;
export function buildWeb(options?: { force?: boolean }): Promise<boolean>;
