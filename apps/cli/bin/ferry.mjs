#!/usr/bin/env node
// The ferry command runs its esbuild bundle (see cli-bundle.mjs), built first when missing or stale.
import { enableCompileCache } from 'node:module';
import { pathToFileURL } from 'node:url';
import { buildBundle, bundleIsFresh, bundlePath } from './cli-bundle.mjs';

// V8 keeps the bundle's compiled code on disk (in the OS temp folder), so later starts skip compiling it.
enableCompileCache();
if (!bundleIsFresh()) await buildBundle();
await import(pathToFileURL(bundlePath).href);
