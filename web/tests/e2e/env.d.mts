// Types of env.mjs (the tests' TypeScript is checked without Node's types).
export declare const port: number;
export declare const musterBin: string;
export declare const chromiumPath: string;
export declare const serveScript: string;
export declare const node: string;
export declare const webDir: string;
export declare const ci: boolean;
export declare const tour: boolean;
export declare const seedOverride: string | undefined;
export declare function bundleJs(): { file: string; raw: number; gzip: number }[];
export declare function gzipSize(text: string): number;
