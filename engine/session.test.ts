import { describe, expect, it } from 'vitest';
import { isEvent, isReadyReply, isReply, parseEngineLine, parseRequestLine } from './protocol.js';
import { createStubState, handleLine, STUB_NOTE } from './stub.js';

const fresh = () => createStubState('1.2.3');

describe('stub engine', () => {
  it('answers hello with ready, naming itself, no rules yet, and a note', () => {
    const step = handleLine('{"id":"1","type":"hello","protocol":1}', fresh());
    expect(step.out).toEqual([
      { re: '1', type: 'ready', protocol: 1, engine: 'aide-de-camp', version: '1.2.3', rules: [], note: STUB_NOTE },
    ]);
    expect(isReadyReply(step.out[0])).toBe(true);
    expect(step.state.greeted).toBe(true);
    expect(step.quit).toBe(false);
  });

  it('refuses a protocol it does not speak', () => {
    for (const line of ['{"id":"1","type":"hello","protocol":2}', '{"id":"1","type":"hello"}']) {
      const step = handleLine(line, fresh());
      expect(step.out).toEqual([{ re: '1', type: 'error', code: 'unsupported-protocol', message: expect.stringContaining('protocol 1') }]);
      expect(step.state.greeted).toBe(false);
    }
  });

  it('answers ping with pong and the same id, before or after hello', () => {
    expect(handleLine('{"id":"p-9","type":"ping"}', fresh()).out).toEqual([{ re: 'p-9', type: 'pong' }]);
    const greeted = handleLine('{"id":"1","type":"hello","protocol":1}', fresh()).state;
    expect(handleLine('{"type":"ping","id":"2"}\r', greeted).out).toEqual([{ re: '2', type: 'pong' }]);
  });

  it('answers an unknown request with an error reply', () => {
    const step = handleLine('{"id":"5","type":"newGame","scenario":{}}', fresh());
    expect(step.out).toEqual([{ re: '5', type: 'error', code: 'unknown-request', message: expect.stringContaining('newGame') }]);
    expect(isReply(step.out[0])).toBe(true);
  });

  it('reports a malformed line as a bad-json event and keeps running', () => {
    const state = fresh();
    for (const line of ['{"id":"1",', 'hello', '{"id":"1"}}']) {
      const step = handleLine(line, state);
      expect(step.out).toEqual([{ type: 'error', code: 'bad-json', message: expect.stringMatching(/not valid JSON/) }]);
      expect(isEvent(step.out[0])).toBe(true);
      expect(step.quit).toBe(false);
      expect(step.state).toBe(state);
    }
  });

  it('reports JSON that is not a request as bad-request, as a reply when it can', () => {
    expect(handleLine('[1,2]', fresh()).out).toEqual([expect.objectContaining({ type: 'error', code: 'bad-request' })]);
    expect(handleLine('{"id":"3"}', fresh()).out).toEqual([{ re: '3', type: 'error', code: 'bad-request', message: expect.any(String) }]);
    expect(handleLine('{"type":"ping"}', fresh()).out[0]).not.toHaveProperty('re');
    expect(handleLine('{"id":4,"type":"ping"}', fresh()).out[0]).toMatchObject({ code: 'bad-request' });
  });

  it('quits on quit, with or without an id, writing nothing', () => {
    expect(handleLine('{"id":"9","type":"quit"}', fresh())).toMatchObject({ out: [], quit: true });
    expect(handleLine('{"type":"quit"}', fresh())).toMatchObject({ out: [], quit: true });
  });

  it('ignores blank lines', () => {
    expect(handleLine('', fresh()).out).toEqual([]);
    expect(handleLine('  \r', fresh()).out).toEqual([]);
  });
});

describe('protocol helpers', () => {
  it('classify lines from the engine', () => {
    expect(parseEngineLine('{"re":"1","type":"pong"}')).toEqual({ re: '1', type: 'pong' });
    expect(parseEngineLine('')).toBe('blank');
    expect(parseEngineLine('Loading rules...')).toBeNull();
    expect(parseEngineLine('42')).toBeNull();
    expect(parseEngineLine('{"re":"1"}')).toBeNull();
  });

  it('keep the id of a request for matching', () => {
    expect(parseRequestLine('{"id":"7","type":"x"}')).toMatchObject({ kind: 'message', id: '7' });
    expect(parseRequestLine('{"type":"quit"}')).toMatchObject({ kind: 'message', id: null });
  });
});
