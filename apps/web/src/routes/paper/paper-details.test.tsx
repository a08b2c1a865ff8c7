import type { TPaper } from '@paperbench/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { PaperDetails } from './paper-details';

const upload: TPaper = {
  paper_id: 'uPl0adEdPaperId_012345',
  platform: 'upload',
  title: 'SPECTER: Document-level Representation Learning using Citation-informed Transformers',
  authors: ['Arman Cohan', 'Sergey Feldman'],
  published_date: '2020-04-15',
  abstract: null,
  categories: [],
  pdf_url: null,
};

describe('an uploaded paper that is a corpus paper (docs/uploads.md#metadata-from-the-pdf)', () => {
  it('shows "Also on arXiv" with a link to that paper', () => {
    mockApi({});
    renderWithApp(<PaperDetails paper={{ ...upload, also_on: { paper_id: '2004.07180', platform: 'arxiv' } }} />);
    expect(screen.getByText('Also on arXiv')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2004.07180' })).toHaveAttribute('href', '/paper/2004.07180/arxiv');
  });

  it('says nothing of it for an upload that matched nothing', () => {
    mockApi({});
    renderWithApp(<PaperDetails paper={upload} />);
    expect(screen.queryByText(/Also on/)).not.toBeInTheDocument();
  });
});
