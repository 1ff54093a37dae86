import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { isStoreConnectionFailure } from './errors.ts';

describe('isStoreConnectionFailure', () => {
  const serverError = (code: string) => Object.assign(new pg.DatabaseError('server said so', 0, 'error'), { code });

  it('is a connection that broke or was refused, or a session the server ended', () => {
    assert.equal(isStoreConnectionFailure(new Error('Connection terminated unexpectedly')), true);
    assert.equal(isStoreConnectionFailure(new Error('Client has encountered a connection error and is not queryable')), true);
    assert.equal(isStoreConnectionFailure(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })), true);
    assert.equal(isStoreConnectionFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })), true);
    assert.equal(isStoreConnectionFailure(serverError('57P01')), true, 'terminated by an administrator');
    assert.equal(isStoreConnectionFailure(serverError('08006')), true, 'connection failure');
  });

  it('is not an answer of the store, nor a failure of the code', () => {
    assert.equal(isStoreConnectionFailure(serverError('23505')), false, 'a unique violation');
    assert.equal(isStoreConnectionFailure(serverError('40P01')), false, 'a deadlock');
    assert.equal(isStoreConnectionFailure(serverError('57014')), false, 'a statement cancelled');
    assert.equal(isStoreConnectionFailure(new TypeError('cannot read properties of undefined')), false);
    assert.equal(isStoreConnectionFailure('Connection terminated'), false, 'not an Error');
  });
});
