// The browser tests' Chromium lookup: a missing browser is an error that says how to install it,
// so the browser tests fail loudly instead of being skipped.
import { describe, expect, it } from 'vitest';
import { findChromium } from '../support/chromium.ts';

describe('finding Chromium', () => {
  it('fails with the install command when no candidate exists', () => {
    expect(() => findChromium({}, ['/nonexistent/chromium'])).toThrow(/apt-get install -y --no-install-recommends chromium/);
  });

  it('fails with the install command when CHROMIUM_PATH names no executable', () => {
    expect(() => findChromium({ CHROMIUM_PATH: '/nonexistent/chrome' })).toThrow(/CHROMIUM_PATH=\/nonexistent\/chrome .*apt-get install/);
  });

  it('takes CHROMIUM_PATH when it is executable', () => {
    expect(findChromium({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  });
});
