import { describe, expect, it } from 'vitest';
import { grantSearchBody } from './api';
import { activeFilterCount, DEFAULT_GRANT_STATE, grantSearchParams, readGrantUrl, withoutFilters } from './grant-url';

const read = (query: string) => readGrantUrl(new URLSearchParams(query));

describe('the /grants URL', () => {
  it('reads every part of a search', () => {
    expect(
      read(
        'q=oral%20history&kind=opportunity&agency=NEH&agency=NSF&min=1000&max=50000&from=2019-01-01&to=2020-12-31' +
          '&org=Michigan&pi=Smith&folder=7&sort=amount',
      ),
    ).toEqual({
      query: 'oral history',
      kind: 'opportunity',
      agencies: ['NEH', 'NSF'],
      amountMin: 1000,
      amountMax: 50000,
      from: '2019-01-01',
      to: '2020-12-31',
      organisation: 'Michigan',
      pi: 'Smith',
      folderId: 7,
      sort: 'amount',
    });
  });

  it('gives the defaults for an empty query string: funded awards, by relevance', () => {
    expect(read('')).toEqual(DEFAULT_GRANT_STATE);
    expect(DEFAULT_GRANT_STATE.kind).toBe('award');
  });

  it('drops values mangled by hand rather than sending them to be refused', () => {
    expect(
      read(
        'q=%20x%20&kind=both&sort=newest&min=-5&max=1e6&from=2019-13&to=yesterday&folder=0&agency=%20&agency=NEH&agency=NEH',
      ),
    ).toEqual({ ...DEFAULT_GRANT_STATE, query: 'x', agencies: ['NEH'] });
    expect(read('folder=99999999999').folderId).toBeNull();
    expect(read('folder=12abc').folderId).toBeNull();
    expect(read('from=2019-02-30&to=2019-02-28')).toMatchObject({ from: null, to: '2019-02-28' });
    expect(read('min=500&max=100&from=2020-01-01&to=2019-01-01')).toMatchObject({
      amountMin: null,
      amountMax: null,
      from: null,
      to: null,
    });
  });

  it('never carries a NUL or other control character, and cuts overlong text', () => {
    const state = read(`q=a%00b&org=Uni%0Aversity&pi=${'x'.repeat(300)}`);
    expect(state.query).toBe('a b');
    expect(state.organisation).toBe('Uni versity');
    expect(state.pi).toHaveLength(200);
    expect(read(`q=${'y'.repeat(600)}`).query).toHaveLength(500);
  });

  it('writes only what differs from the defaults, and reads back the same search', () => {
    expect(grantSearchParams({ ...DEFAULT_GRANT_STATE, query: 'oral history' }).toString()).toBe('q=oral+history');
    const state = read('q=a&kind=opportunity&agency=NEH&agency=NIH&min=0&to=2020-01-01&pi=Li&folder=3&sort=date');
    expect(read(grantSearchParams(state).toString())).toEqual(state);
    expect(grantSearchParams(state).getAll('agency')).toEqual(['NEH', 'NIH']);
    expect(grantSearchParams(state).get('min')).toBe('0');
  });

  it('counts and clears the filters, keeping the words, kind, folder and sort', () => {
    const state = read(
      'q=a&kind=opportunity&agency=NEH&agency=NIH&min=10&max=20&from=2019-01-01&org=X&pi=Y&folder=3&sort=date',
    );
    expect(activeFilterCount(state)).toBe(6);
    const cleared = withoutFilters(state);
    expect(activeFilterCount(cleared)).toBe(0);
    expect(cleared).toMatchObject({ query: 'a', kind: 'opportunity', folderId: 3, sort: 'date' });
  });
});

describe('the request body of a /grants URL', () => {
  it('always names the kind, and sends only the filters that are set', () => {
    expect(grantSearchBody(read('q=interviews'))).toEqual({
      query: 'interviews',
      kind: 'award',
      sort: 'relevance',
      limit: 20,
      offset: 0,
    });
  });

  it('maps every URL part to its request field', () => {
    expect(
      grantSearchBody(
        read(
          'kind=opportunity&agency=NEH&min=0&max=500&from=2019-01-01&to=2019-12-31&org=Yale&pi=Ng&folder=4&sort=amount',
        ),
        40,
      ),
    ).toEqual({
      query: '',
      kind: 'opportunity',
      agencies: ['NEH'],
      amount_min: 0,
      amount_max: 500,
      date_from: '2019-01-01',
      date_to: '2019-12-31',
      organisation: 'Yale',
      pi: 'Ng',
      folder_id: 4,
      sort: 'amount',
      limit: 20,
      offset: 40,
    });
  });
});
