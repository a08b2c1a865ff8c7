import { contract } from '@paperbench/contract';
import type { AppRoute } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { budgetOf, budgetsCounted, budgetsFromConfig } from './budgets';

const allRoutes = Object.values(contract).flatMap((group) => Object.values(group) as AppRoute[]);

describe('rate-limit budgets', () => {
  it('gives every write route of the contract a budget, and the named ones theirs', () => {
    for (const route of allRoutes) {
      if (route.method !== 'GET')
        expect(budgetOf(route.method, route.path), `${route.method} ${route.path}`).not.toBeNull();
    }
    expect(budgetOf('POST', '/api/user/get_id')).toBe('get_id');
    expect(budgetOf('POST', '/api/auth/google-login')).toBe('sign_in');
    expect(budgetOf('POST', '/api/auth/oidc/start')).toBe('sign_in');
    expect(budgetOf('POST', '/api/auth/oidc/complete')).toBe('sign_in');
    expect(budgetOf('POST', '/api/search/')).toBe('search');
    expect(budgetOf('GET', '/api/conversational/search_suggestions')).toBe('search');
    expect(budgetOf('POST', '/api/upload/')).toBe('upload');
    // docs/import-export.md#limits: imports and attaching a PDF write like uploads.
    expect(budgetOf('POST', '/api/folders/:id/import')).toBe('upload');
    expect(budgetOf('POST', '/api/folders/:id/import/zotero')).toBe('upload');
    expect(budgetOf('PUT', '/api/uploads/:paperId/pdf')).toBe('upload');
    expect(budgetOf('GET', '/api/pdf-proxy')).toBe('pdf_proxy');
    expect(budgetOf('PUT', '/api/subscription')).toBe('mail');
    expect(budgetOf('POST', '/api/contact')).toBe('contact');
    expect(budgetOf('POST', '/api/chat/stream_chat')).toBe('ai');
    expect(budgetOf('POST', '/api/comments/shared')).toBe('comment');
    expect(budgetOf('DELETE', '/api/comments/paper/:id')).toBe('comment');
    expect(budgetOf('POST', '/api/forum/:id/add_user')).toBe('write');
    expect(budgetOf('DELETE', '/api/folders/:id')).toBe('write');
    expect(budgetOf('GET', '/api/folders')).toBeNull();
    expect(budgetOf('GET', '/assets/index.js')).toBeNull();
  });

  it('reads every budget from its config variable', () => {
    const budgets = budgetsFromConfig(
      loadConfig({ RATE_LIMIT_SEARCH_PER_MINUTE: '7', CONTACT_RATE_LIMIT_PER_HOUR: '2' }),
    );
    expect(budgets.search).toMatchObject({ max: 7, windowMs: 60_000 });
    expect(budgets.contact).toMatchObject({ max: 2, windowMs: 3_600_000 });
    expect(budgets.get_id).toMatchObject({ max: 100, windowMs: 3_600_000 });
  });

  it('refuses a bad budget value, naming it', () => {
    expect(() => loadConfig({ RATE_LIMIT_SEARCH_PER_MINUTE: 'many' })).toThrow(/RATE_LIMIT_SEARCH_PER_MINUTE/);
    expect(() => loadConfig({ RATE_LIMIT_WRITE_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_WRITE_PER_MINUTE/);
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
  it('is off by default and takes true, a hop count, or a list of addresses and CIDRs', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    const hops = trustProxy('1');
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function') {
      expect(hops('10.0.0.2', 0)).toBe(true);
      expect(hops('10.0.0.1', 1)).toBe(false);
    }
  });
});

describe('the daily AI budget (docs/ai.md#budgets)', () => {
  it('is counted per user only, for a day, alongside the per-minute ai budget', () => {
    const budgets = budgetsFromConfig(loadConfig({ RATE_LIMIT_AI_PER_USER_PER_DAY: '3' }));
    expect(budgets.ai_daily).toMatchObject({ max: 3, windowMs: 86_400_000, perUserOnly: true });
    expect(budgetsCounted('ai')).toEqual(['ai', 'ai_daily']);
    expect(budgetsCounted('search')).toEqual(['search']);
  });
});
