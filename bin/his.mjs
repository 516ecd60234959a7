#!/usr/bin/env node
// The `his` command: runs src/cli.ts through tsx, so the package needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = main(process.argv.slice(2));
