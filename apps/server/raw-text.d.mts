import type { Plugin } from 'esbuild';

export declare const rawText: Plugin;
