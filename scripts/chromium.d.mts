/** The Chromium that browser tests and benchmarks drive (chromium.mjs), or null when none is installed. */
export declare function findChromium(): string | null;
