import { describe, expect, it } from 'vitest';
import { consoleOrigin, DEFAULT_HOST } from '../../infra/local/stack.js';

describe('consoleOrigin of the local stack', () => {
  it('listens on loopback unless told otherwise', () => {
    expect(DEFAULT_HOST).toBe('127.0.0.1');
  });

  it('names itself localhost when it answers on loopback or on every interface', () => {
    expect(consoleOrigin('127.0.0.1', 3000)).toBe('http://localhost:3000');
    expect(consoleOrigin('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(consoleOrigin('::', 3100)).toBe('http://localhost:3100');
  });

  it('names the one address it was given otherwise, IPv6 in brackets', () => {
    expect(consoleOrigin('192.168.1.20', 3000)).toBe('http://192.168.1.20:3000');
    expect(consoleOrigin('::1', 3000)).toBe('http://[::1]:3000');
  });
});
