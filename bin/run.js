#!/usr/bin/env node
import { run } from '../dist/bundle/main.js';

await run(import.meta.url);
