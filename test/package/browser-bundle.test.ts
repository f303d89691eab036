// The mock core builds for the browser: esbuild bundles the package's main entry (mock/index.ts:
// createMock and the fetch adapter) and the fetch adapter alone with platform=browser, where any
// node: builtin (or a bare one such as "fs") fails to resolve. The node:http adapter is bundled the
// same way to show that the check catches a module that needs Node. The platform helpers
// (mock/platform/) that replace node:crypto and Buffer give Node's answers.
import { createHash, createHmac } from 'node:crypto';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { base64Decode, base64Encode, base64urlEncode, countUtf8, utf8Bytes } from '../../mock/platform/bytes.ts';
import { hmacSha256Base64url, hmacSha256Hex, sha1, timingSafeEqualText, toHex } from '../../mock/platform/crypto.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

function bundleForBrowser(entry: string) {
  return build({ entryPoints: [resolve(ROOT, entry)], absWorkingDir: ROOT, outdir: 'out', bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent' });
}

describe('a browser bundle of the mock core', () => {
  it.each(['mock/index.ts', 'mock/adapters/fetch.ts'])('bundles %s with no Node builtin', async (entry) => {
    const result = await bundleForBrowser(entry);
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((input) => BUILTINS.has(input) || input.startsWith('node:'))).toEqual([]);
    // Nothing left for the runtime to import: every module is in the bundle.
    for (const output of Object.values(result.metafile.outputs)) expect(output.imports).toEqual([]);
    if (entry === 'mock/index.ts') {
      // The core itself is in it: the contract data, the fixtures and the pipeline.
      expect(inputs).toEqual(expect.arrayContaining(['generated/contract-data.ts', 'generated/fixtures-data.ts', 'mock/core/mock.ts']));
    }
  });

  it('fails on a module that needs Node (the node:http adapter)', async () => {
    await expect(bundleForBrowser('mock/adapters/node-http.ts')).rejects.toThrow(/node:http/);
  });
});

describe('platform helpers give the answers of node:crypto and Buffer', () => {
  const texts = ['', 'plain ascii', 'Müller €', '😀 emoji', 'lone \ud800 high', 'lone \udc00 low', 'x'.repeat(70_000)];

  it.each(texts.map((t) => [t.slice(0, 20), t]))('UTF-8 length and base64 of %j', (_, text) => {
    expect(countUtf8(text)).toBe(Buffer.byteLength(text, 'utf8'));
    const bytes = utf8Bytes(text);
    expect(base64Encode(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(base64urlEncode(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    expect(Buffer.from(base64Decode(Buffer.from(bytes).toString('base64url'))).equals(Buffer.from(bytes))).toBe(true);
  });

  it('HMAC-SHA256, SHA-1 and the constant-time comparison', () => {
    expect(hmacSha256Hex('secret', '1700000000.{"a":1}')).toBe(createHmac('sha256', 'secret').update('1700000000.{"a":1}').digest('hex'));
    expect(hmacSha256Base64url('k€y', 'bound\npayload')).toBe(createHmac('sha256', 'k€y').update('bound\npayload').digest('base64url'));
    expect(toHex(sha1('a|b|c'))).toBe(createHash('sha1').update('a|b|c').digest('hex'));
    expect(timingSafeEqualText('abc', 'abc')).toBe(true);
    expect(timingSafeEqualText('abc', 'abd')).toBe(false);
    expect(timingSafeEqualText('abc', 'abcd')).toBe(false);
  });
});
