import {
  GRANT_EXAMPLE_QUERIES,
  type TFolder,
  type TGrant,
  type TGrantSearchRequestInput,
  type TGrantSearchResponse,
} from '@paperbench/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type TMockRequest } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import GrantsScreen from './grants-screen';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const SEARCH = 'POST /api/improved-grant-search/search';

const grant = (overrides: Partial<TGrant> = {}): TGrant => ({
  id: 'nsf:1900123',
  source: 'nsf',
  kind: 'award',
  title: 'Qualitative interviews with rural caregivers',
  abstract: 'A short abstract.',
  agency: 'NSF',
  organisation: 'University of Michigan',
  pi: 'Smith, Ada; Lee, Bo',
  amount: 1_250_000,
  currency: 'USD',
  start_date: '2019-09-01',
  end_date: '2022-08-31',
  close_date: null,
  keywords: [],
  url: 'https://www.nsf.gov/awardsearch/showAward?AWD_ID=1900123',
  score: 1,
  call_status: null,
  ...overrides,
});

const answer = (overrides: Partial<TGrantSearchResponse> = {}): TGrantSearchResponse => ({
  results: [grant()],
  total: 1,
  facets: {
    kind: [{ value: 'award', count: 1 }],
    agency: [
      { value: 'NSF', count: 12 },
      { value: 'NEH', count: 5 },
    ],
  },
  expanded_terms: [],
  mode: 'extractive',
  match: 'all',
  partial: null,
  notice: null,
  related_terms: [],
  stored: { award: 2313, opportunity: 1 },
  ...overrides,
});

const folders: TFolder[] = [
  { id: 4, name: 'Caregiving', type: 'folder', is_public: false, files: [] },
  { id: 9, name: 'Oral history', type: 'folder', is_public: false, files: [] },
];

type TSearchRequest = TMockRequest<TGrantSearchRequestInput>;

/** Mocks the search (and the caller's folders); returns the bodies the screen sent, in order. */
function mockGrants(reply: (body: TGrantSearchRequestInput) => TGrantSearchResponse = () => answer()) {
  const bodies: TGrantSearchRequestInput[] = [];
  mockApi({
    [SEARCH]: (request: TSearchRequest) => {
      bodies.push(request.body);
      return { body: reply(request.body) };
    },
    'GET /api/folders': () => ({ body: folders }),
  });
  return bodies;
}

const renderAt = (path: string) => renderWithApp(<GrantsScreen params={{}} title="Grant Search" />, path);
const cards = () => screen.queryAllByRole('article');
const searchParams = (router: ReturnType<typeof renderAt>['router']) =>
  new URLSearchParams(router.state.location.search);

describe('/grants', () => {
  it('asks nothing before there is something to search, and offers examples', async () => {
    const bodies = mockGrants();
    const user = userEvent.setup();
    const { router } = renderAt('/grants');
    expect(screen.getByRole('heading', { name: 'Find funding for your research' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(bodies).toEqual([]);
    // Examples from the sample's own fields, not only the humanities (each is checked to find awards by the API tests).
    const examples = screen.getAllByRole('button').filter((button) => button.className.includes('grant-example-chip'));
    expect(examples.map((button) => button.textContent)).toEqual([...GRANT_EXAMPLE_QUERIES]);
    await user.click(screen.getByRole('button', { name: 'machine learning' }));
    expect(searchParams(router).get('q')).toBe('machine learning');
    await waitFor(() => expect(bodies).toHaveLength(1));
  });

  it('labels partial matches with the sentence the API gave', async () => {
    const notice =
      'No award mentions all of machine learning, cancer; showing awards on cancer and on machine learning';
    mockGrants(() =>
      answer({
        match: 'partial',
        partial: { concepts: ['machine learning', 'cancer'], all_count: 0, showing: ['cancer', 'machine learning'] },
        notice,
      }),
    );
    renderAt('/grants?q=machine+learning+cancer');
    expect(await screen.findByText(notice)).toHaveAttribute('role', 'status');
    expect(cards()).toHaveLength(1);
  });

  it('says no open calls were fetched, and how to fetch them, when none are stored', async () => {
    const bodies = mockGrants(() =>
      answer({ results: [], total: 0, facets: { kind: [], agency: [] }, stored: { award: 2313, opportunity: 0 } }),
    );
    renderAt('/grants?kind=opportunity');
    expect(await screen.findByRole('heading', { name: 'No open calls have been fetched' })).toBeInTheDocument();
    expect(screen.getByText('pnpm ingest grants grantsgov')).toBeInTheDocument();
    // The Open calls tab lists the calls without words.
    expect(bodies).toEqual([expect.objectContaining({ query: '', kind: 'opportunity' })]);
  });

  it('lists fetched open calls with their deadline and whether each is still open', async () => {
    const call = (id: string, title: string, close: string | null, status: TGrant['call_status']) =>
      grant({
        id,
        kind: 'opportunity',
        title,
        start_date: '2026-01-05',
        end_date: null,
        close_date: close,
        call_status: status,
      });
    mockGrants(() =>
      answer({
        results: [
          call('grantsgov:1', 'Open call on archives', '2099-03-14', 'open'),
          call('grantsgov:2', 'Past call on archives', '2026-03-14', 'closed'),
        ],
        total: 2,
      }),
    );
    renderAt('/grants?kind=opportunity');
    const open = await screen.findByRole('article', { name: 'Open call on archives' });
    expect(open).toHaveTextContent('Closes Mar 14, 2099 · open today');
    const past = screen.getByRole('article', { name: 'Past call on archives' });
    expect(past).toHaveTextContent('Closes Mar 14, 2026 · closed');
  });

  it('searches the typed words and shows each grant in full', async () => {
    const longAbstract = `${'Caregivers in rural areas face long distances to care. '.repeat(8)}The end.`;
    const bodies = mockGrants(() =>
      answer({
        results: [
          grant({ abstract: longAbstract, keywords: ['caregiving', 'rural health', 'interviews'] }),
          grant({ id: 'nih:2', title: 'No link here', url: null, amount: null, organisation: null, pi: null }),
        ],
        total: 2,
      }),
    );
    const user = userEvent.setup();
    const { router } = renderAt('/grants');
    await user.type(screen.getByRole('searchbox', { name: 'Search grants' }), '  rural caregivers {Enter}');
    expect(searchParams(router).get('q')).toBe('rural caregivers');
    expect(await screen.findByText('2 grants')).toBeInTheDocument();
    expect(bodies).toEqual([{ query: 'rural caregivers', kind: 'award', sort: 'relevance', limit: 20, offset: 0 }]);

    const [first, second] = cards() as [HTMLElement, HTMLElement];
    const link = within(first).getByRole('link', { name: 'Qualitative interviews with rural caregivers' });
    expect(link).toHaveAttribute('href', 'https://www.nsf.gov/awardsearch/showAward?AWD_ID=1900123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const badges = within(first).getByRole('list', { name: 'About this grant' });
    expect(badges).toHaveTextContent('NSF');
    expect(badges).toHaveTextContent('Funded award');
    expect(first).toHaveTextContent('$1,250,000');
    expect(first).toHaveTextContent('Sep 1, 2019 – Aug 31, 2022');
    expect(first).toHaveTextContent('University of Michigan');
    expect(first).toHaveTextContent('Smith, Ada; Lee, Bo');
    expect(within(within(first).getByRole('list', { name: 'Keywords' })).getAllByRole('listitem')).toHaveLength(3);
    const more = within(first).getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(first).getByText(/The end\.$/)).toHaveClass('is-clamped');
    await user.click(more);
    expect(within(first).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(first).getByText(/The end\.$/)).not.toHaveClass('is-clamped');

    expect(within(second).queryByRole('link')).toBeNull();
    expect(within(second).getByRole('heading', { name: 'No link here' })).toBeInTheDocument();
    expect(second).not.toHaveTextContent('$');
    expect(within(second).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('sends every filter of the URL in the request', async () => {
    const bodies = mockGrants();
    renderAt(
      '/grants?q=interviews&agency=NSF&agency=NEH&min=1000&max=500000&from=2018-01-01&to=2020-12-31&org=Michigan&pi=Smith&sort=date',
    );
    await screen.findByText('1 grant');
    expect(bodies).toEqual([
      {
        query: 'interviews',
        kind: 'award',
        agencies: ['NSF', 'NEH'],
        amount_min: 1000,
        amount_max: 500000,
        date_from: '2018-01-01',
        date_to: '2020-12-31',
        organisation: 'Michigan',
        pi: 'Smith',
        sort: 'date',
        limit: 20,
        offset: 0,
      },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Organisation' })).toHaveValue('Michigan');
    expect(screen.getByRole('searchbox', { name: 'Principal investigator' })).toHaveValue('Smith');
    expect(screen.getByRole('spinbutton', { name: 'Minimum amount' })).toHaveValue(1000);
    expect(screen.getByLabelText('Starts from')).toHaveValue('2018-01-01');
    expect(screen.getByRole('button', { name: 'Date' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Clear 6 filters' })).toBeInTheDocument();
  });

  it('applies typed filters on Enter or leaving the field, and refuses a reversed amount range', async () => {
    const bodies = mockGrants();
    const user = userEvent.setup();
    const { router } = renderAt('/grants?q=interviews');
    await screen.findByText('1 grant');

    await user.type(screen.getByRole('searchbox', { name: 'Organisation' }), 'Yale{Enter}');
    expect(searchParams(router).get('org')).toBe('Yale');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ organisation: 'Yale' }));

    await user.type(screen.getByRole('searchbox', { name: 'Principal investigator' }), 'Ng');
    await user.click(screen.getByRole('spinbutton', { name: 'Minimum amount' }));
    expect(searchParams(router).get('pi')).toBe('Ng');

    await user.type(screen.getByRole('spinbutton', { name: 'Minimum amount' }), '5000');
    await user.type(screen.getByRole('spinbutton', { name: 'Maximum amount' }), '100{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum must not be more than the maximum.');
    expect(searchParams(router).get('min')).toBeNull();
    await user.clear(screen.getByRole('spinbutton', { name: 'Maximum amount' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Maximum amount' }), '100000{Enter}');
    expect(searchParams(router).get('min')).toBe('5000');
    expect(searchParams(router).get('max')).toBe('100000');
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ organisation: 'Yale', pi: 'Ng', amount_min: 5000, amount_max: 100000 }),
    );

    await user.type(screen.getByLabelText('Starts from'), '2021-01-01');
    await user.type(screen.getByLabelText('Starts to'), '2020-01-01');
    expect(screen.getByRole('alert')).toHaveTextContent('The start date must be on or before the end date.');
    expect(searchParams(router).get('to')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear 4 filters' }));
    expect(router.state.location.search).toBe('?q=interviews');
  });

  it('switches between funded awards and open calls, never both', async () => {
    const bodies = mockGrants((body) =>
      body.kind === 'opportunity'
        ? answer({
            results: [
              grant({
                id: 'grantsgov:1',
                kind: 'opportunity',
                agency: 'NEH',
                title: 'Digital Humanities Advancement Grants',
                start_date: '2026-01-05',
                close_date: '2026-03-14',
                end_date: null,
              }),
            ],
          })
        : answer(),
    );
    const user = userEvent.setup();
    const { router } = renderAt('/grants?q=humanities');
    await screen.findByText('1 grant');
    const kind = screen.getByRole('group', { name: 'Kind' });
    expect(within(kind).getByRole('button', { name: 'Funded awards' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(kind).getByRole('button', { name: 'Open calls' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(kind).getByRole('button', { name: 'Open calls' }));
    expect(searchParams(router).get('kind')).toBe('opportunity');
    const card = await screen.findByRole('article', { name: 'Digital Humanities Advancement Grants' });
    expect(card).toHaveTextContent('Open call');
    expect(card).toHaveTextContent('Closes Mar 14, 2026');
    expect(bodies.map((body) => body.kind)).toEqual(['award', 'opportunity']);
    expect(within(kind).getByRole('button', { name: 'Open calls' })).toHaveAttribute('aria-pressed', 'true');

    // Back returns to the awards, from the cache.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('article', { name: 'Qualitative interviews with rural caregivers' })).toBeVisible();
    expect(within(kind).getByRole('button', { name: 'Funded awards' })).toHaveAttribute('aria-pressed', 'true');
    expect(bodies).toHaveLength(2);
  });

  it('filters by agency from the facet, keeping the other agencies listed', async () => {
    const bodies = mockGrants((body) =>
      body.agencies?.length
        ? answer({ total: 5, facets: { kind: [{ value: 'award', count: 5 }], agency: [{ value: 'NEH', count: 5 }] } })
        : answer(),
    );
    const user = userEvent.setup();
    const { router } = renderAt('/grants?q=interviews');
    const agency = await screen.findByRole('group', { name: 'Agency' });
    expect(within(agency).getByRole('checkbox', { name: /^NSF/ })).not.toBeChecked();
    expect(within(agency).getByRole('checkbox', { name: 'NEH 5 grants' })).toBeInTheDocument();

    await user.click(within(agency).getByRole('checkbox', { name: /^NEH/ }));
    expect(searchParams(router).getAll('agency')).toEqual(['NEH']);
    expect(await screen.findByText('5 grants')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ agencies: ['NEH'] });
    expect(within(agency).getByRole('checkbox', { name: /^NEH/ })).toBeChecked();
    // NSF is still offered, with its count from the search without the agency filter.
    expect(within(agency).getByRole('checkbox', { name: 'NSF 12 grants' })).not.toBeChecked();

    await user.click(within(agency).getByRole('checkbox', { name: /^NSF/ }));
    expect(searchParams(router).getAll('agency')).toEqual(['NEH', 'NSF']);
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ agencies: ['NEH', 'NSF'] }));
  });

  it('sorts by amount or date', async () => {
    const bodies = mockGrants();
    const user = userEvent.setup();
    const { router } = renderAt('/grants?q=interviews');
    await screen.findByText('1 grant');
    const sort = screen.getByRole('group', { name: 'Sort grants by' });
    expect(within(sort).getByRole('button', { name: 'Relevance' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(sort).getByRole('button', { name: 'Amount' }));
    expect(searchParams(router).get('sort')).toBe('amount');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ sort: 'amount' }));
    await user.click(within(sort).getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ sort: 'date' }));
  });

  it('finds grants like a folder, with or without words', async () => {
    const bodies = mockGrants();
    const user = userEvent.setup();
    const { router } = renderAt('/grants');
    const select = await screen.findByRole('combobox', { name: 'Grants like this folder' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, 'Oral history (0 papers)');
    expect(searchParams(router).get('folder')).toBe('9');
    await screen.findByText('1 grant');
    expect(bodies).toEqual([{ query: '', kind: 'award', sort: 'relevance', limit: 20, offset: 0, folder_id: 9 }]);
    expect(screen.getByText(/Grants like the papers in/)).toHaveTextContent('Grants like the papers in “Oral history”');
    // With a folder chosen, an empty search box may search.
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Clear folder' }));
    expect(searchParams(router).get('folder')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Find funding for your research' })).toBeInTheDocument();
  });

  it('says when nothing matches, and offers the other kind and clearing the filters', async () => {
    mockGrants(() => answer({ results: [], total: 0, facets: { kind: [], agency: [] } }));
    const user = userEvent.setup();
    const { router } = renderAt('/grants?q=zebrafish&pi=Nobody');
    expect(await screen.findByRole('heading', { name: 'No funded awards match “zebrafish”' })).toBeInTheDocument();
    expect(screen.getByText('0 grants')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Search open calls' }));
    expect(searchParams(router).get('kind')).toBe('opportunity');
    expect(await screen.findByRole('heading', { name: 'No open calls match “zebrafish”' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?q=zebrafish&kind=opportunity');
  });

  it('shows the error the API gave, and tries again on request', async () => {
    let fail = true;
    mockApi({
      [SEARCH]: () =>
        fail
          ? { status: 400, body: { error: 'VALIDATION_ERROR', message: 'query must be at most 500 characters' } }
          : { body: answer() },
      'GET /api/folders': () => ({ body: folders }),
    });
    const user = userEvent.setup();
    renderAt('/grants?q=interviews');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The grant search failed');
    expect(alert).toHaveTextContent('query must be at most 500 characters');
    expect(screen.queryByText(/\d grants?$/)).toBeNull();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 grant')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows placeholders while searching', () => {
    mockApi({ [SEARCH]: () => new Promise(() => {}), 'GET /api/folders': () => ({ body: folders }) });
    renderAt('/grants?q=interviews');
    expect(screen.getByRole('status', { name: 'Loading grants' })).toBeInTheDocument();
    expect(screen.getByText('Searching…')).toBeInTheDocument();
  });

  it('loads more grants until all are shown', async () => {
    const page = (offset: number, count: number) =>
      Array.from({ length: count }, (_, i) => grant({ id: `nsf:${offset + i}`, title: `Grant ${offset + i}` }));
    const bodies = mockGrants((body) => answer({ total: 25, results: body.offset === 20 ? page(20, 5) : page(0, 20) }));
    const user = userEvent.setup();
    renderAt('/grants?q=interviews');
    expect(await screen.findByText('25 grants')).toBeInTheDocument();
    expect(cards()).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 25 grants')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(bodies.map((body) => body.offset)).toEqual([0, 20]);
    expect(screen.getByText('Showing 25 of 25 grants')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('keeps the grants shown when loading more fails, and says so', async () => {
    mockApi({
      [SEARCH]: (request: TSearchRequest) =>
        request.body.offset === 20
          ? { status: 503, body: { error: 'UNAVAILABLE', message: 'Try again soon.' } }
          : { body: answer({ total: 30, results: Array.from({ length: 20 }, (_, i) => grant({ id: `nsf:${i}` })) }) },
      'GET /api/folders': () => ({ body: folders }),
    });
    const user = userEvent.setup();
    renderAt('/grants?q=interviews');
    expect(await screen.findByText('30 grants')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('More grants could not be loaded: Try again soon.');
    expect(cards()).toHaveLength(20);
    expect(screen.getByText('30 grants')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('names the terms a model added to the search, and says nothing of a model without one', async () => {
    mockGrants((body) =>
      body.query === 'caregivers'
        ? answer({ mode: 'model', expanded_terms: ['caregiving', 'family carers'] })
        : answer({ mode: 'extractive', expanded_terms: [] }),
    );
    const { router } = renderAt('/grants?q=caregivers');
    const terms = await screen.findByRole('list', { name: 'Also searched:' });
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['caregiving', 'family carers']);
    expect(screen.getByText('suggested by the AI model')).toBeInTheDocument();

    await act(() => router.navigate('/grants?q=interviews'));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Also searched:' })).toBeNull());
    await screen.findByText('1 grant');
    expect(document.body).not.toHaveTextContent(/model/i);
  });

  it('folds the filters under a Filters button that counts them', async () => {
    mockGrants();
    const user = userEvent.setup();
    renderAt('/grants?q=interviews&agency=NSF&pi=Smith');
    const toggle = screen.getByRole('button', { name: /^Filters/ });
    expect(toggle).toHaveAccessibleName('Filters 2 applied');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const sidebar = screen.getByRole('complementary', { name: 'Grant filters' });
    expect(toggle).toHaveAttribute('aria-controls', sidebar.id);
    expect(sidebar).toHaveAttribute('data-open', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toHaveAttribute('data-open', 'true');
  });
});
