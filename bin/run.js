#!/usr/bin/env node
import {execute} from '../dist/index.js'

await execute({dir: import.meta.url})
