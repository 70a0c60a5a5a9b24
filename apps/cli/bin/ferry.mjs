#!/usr/bin/env node
// The ferry command runs its TypeScript sources through tsx, like every other app in this repo.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
