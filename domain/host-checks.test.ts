// The argument checks both shells run, on their own: each check's limits, and the web's table beside the desktop's.
import { describe, expect, it } from 'vitest';
import {
  ARGUMENT_CHECKS,
  argumentsProblem,
  backupArg,
  engineMessageArg,
  keyArg,
  MAX_PATH_CHARS,
  MAX_TEXT_BYTES,
  pageArg,
  pathArg,
  saveRequestArg,
  sessionArg,
  textArg,
  WEB_ARGUMENT_CHECKS,
  type Check,
} from './host-checks.js';
import { WEB_ROUTES, type WebMethod } from './host-methods.js';

describe('host argument checks', () => {
  // [check, value, what it must say (a pattern), or null when the value passes]
  const cases: [string, Check, unknown, RegExp | null][] = [
    ['path', pathArg, '/docs/a.scenario.json', null],
    ['path', pathArg, 'a'.repeat(MAX_PATH_CHARS), null],
    ['path', pathArg, 'a'.repeat(MAX_PATH_CHARS + 1), /at most 4096 characters/],
    ['path', pathArg, '', /non-empty path/],
    ['path', pathArg, 'a\0b', /NUL/],
    ['path', pathArg, 7, /path string, not a number/],
    ['key', keyArg, 'k'.repeat(256), null],
    ['key', keyArg, 'k'.repeat(257), /key of at most 256 characters/],
    ['key', keyArg, '', /non-empty key/],
    ['session', sessionArg, 's'.repeat(129), /session id of at most 128 characters/],
    ['text', textArg, '', null],
    ['text', textArg, 'x'.repeat(MAX_TEXT_BYTES + 1), /at most 40 MB of text/],
    ['page', pageArg, 'page-one-0001', null],
    ['page', pageArg, 'short', /page id/],
    ['page', pageArg, '../../etc/passwd', /page id/],
    ['message', engineMessageArg, { id: 'r1', type: 'ping' }, null],
    ['message', engineMessageArg, 'ping', /message object, not a string/],
    ['message', engineMessageArg, [1], /message object, not an array/],
    ['message', engineMessageArg, null, /message object, not null/],
    ['message', engineMessageArg, { n: 1n }, /plain JSON data/],
    ['save request', saveRequestArg, { path: 'a.json', text: '{}', baseVersion: null }, null],
    ['save request', saveRequestArg, { path: 'a.json', text: '{}', baseVersion: 'v'.repeat(1025) }, /field "baseVersion" must be a version of at most 1024/],
    ['save request', saveRequestArg, { path: 'a.json', text: '{}', baseVersion: null, sneaky: 1 }, /unexpected field "sneaky"/],
    ['backup', backupArg, { key: 'k', path: null, title: 't', savedAt: 0, text: '' }, null],
    ['backup', backupArg, { key: 'k', path: null, title: 't'.repeat(1025), savedAt: 0, text: '' }, /field "title" must be a title of at most 1024/],
    ['backup', backupArg, { key: 'k', path: null, title: 't', savedAt: -1, text: '' }, /field "savedAt" must be a time/],
  ];
  it.each(cases)('%s check on %#', (_name, check, value, expected) => {
    const problem = check(value);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it('say which argument is wrong, or that there are too many', () => {
    expect(argumentsProblem([pathArg], ['/a.json'])).toBeNull();
    expect(argumentsProblem([pathArg], [])).toBe('argument 1 must be a path string, not nothing');
    expect(argumentsProblem([pathArg], ['/a.json', 'x'])).toBe('expected 1 argument, got 2');
    expect(argumentsProblem([], [1, 2])).toBe('expected 0 arguments, got 2');
    expect(argumentsProblem([sessionArg, engineMessageArg], ['s1', 'ping'])).toBe('argument 2 must be a message object, not a string of 4 characters');
  });

  it('give the web the desktop’s checks, but for the page id engine.start carries there', () => {
    for (const method of Object.keys(WEB_ROUTES) as WebMethod[]) {
      if (method === 'engine.start') continue;
      expect(WEB_ARGUMENT_CHECKS[method], method).toBe(ARGUMENT_CHECKS[method]);
    }
    expect(ARGUMENT_CHECKS['engine.start']).toEqual([]);
    expect(WEB_ARGUMENT_CHECKS['engine.start']).toEqual([pageArg]);
    expect(Object.keys(WEB_ARGUMENT_CHECKS).sort()).toEqual(Object.keys(WEB_ROUTES).sort());
    expect(new Set(Object.values(WEB_ROUTES)).size).toBe(Object.keys(WEB_ROUTES).length);
  });
});
