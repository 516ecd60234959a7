#!/usr/bin/env node
// The `his` command: runs src/cli.ts through tsx, so the package needs no build step.
import { register } from 'tsx/esm/api';

register();
const { runProcess } = await import('../src/cli.ts');
runProcess(process.argv.slice(2));
