/** Bundles `entryPoints` (name → source, relative to apps/server or absolute) into `outdir` as `<name>.mjs`. */
export function bundleServer(options: { entryPoints: Record<string, string>; outdir: string }): Promise<void>;
