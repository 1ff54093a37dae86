import type { RegisterManifest } from './manifest.ts';
import { manifest as test } from './testreg/manifest.ts';
import { manifest as cn } from './cn/manifest.ts';
import { manifest as mt } from './mt/manifest.ts';
import { manifest as je } from './je/manifest.ts';
import { manifest as usNy } from './us-ny/manifest.ts';
import { manifest as gb } from './gb/manifest.ts';

/**
 * Every register this build serves: the one place that lists them (src/registers/README.md). Adding a country
 * means adding its folder and one line here. The order is the order of the sandbox record formats in the document.
 */
export const MANIFESTS: readonly RegisterManifest[] = [test, cn, mt, je, usNy, gb];
