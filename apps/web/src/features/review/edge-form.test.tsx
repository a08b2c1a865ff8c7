import type { TGraphEdge, TGraphNode } from '@paperbench/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EdgeForm, edgeFormProblem } from './edge-form';

const nodes: TGraphNode[] = [
  {
    paper_id: '1706.03762',
    platform: 'arxiv',
    title: 'Attention Is All You Need',
    authors: ['A. Vaswani'],
    year: 2017,
  },
  {
    paper_id: '1810.04805',
    platform: 'arxiv',
    title: 'BERT: Pre-training of Deep Bidirectional Transformers',
    authors: [],
    year: 2018,
  },
  { paper_id: 'up_1', platform: 'upload', title: 'Our notes', authors: [], year: null },
];
const edge: TGraphEdge = {
  id: 5,
  source: { paper_id: '1810.04805', platform: 'arxiv' },
  target: { paper_id: '1706.03762', platform: 'arxiv' },
  label: 'extends',
};

function renderForm(edges: TGraphEdge[] = []) {
  const onAdd = vi.fn(async () => {});
  render(<EdgeForm nodes={nodes} edges={edges} isPending={false} onAdd={onAdd} />);
  return onAdd;
}

describe('edgeFormProblem', () => {
  it('asks for two different papers and a relation of at most 200 characters', () => {
    expect(edgeFormProblem('', 'arxiv:1', 'extends')).toBe('Choose both papers.');
    expect(edgeFormProblem('arxiv:1', 'arxiv:1', 'extends')).toBe('Choose two different papers.');
    expect(edgeFormProblem('arxiv:1', 'arxiv:2', 'x'.repeat(201))).toMatch(/at most 200/);
    expect(edgeFormProblem('arxiv:1', 'arxiv:2', '')).toBeNull();
  });
});

describe('EdgeForm', () => {
  it('links two papers with a suggested relation, by their labelled fields', async () => {
    const onAdd = renderForm();
    // Papers are named by short title and year; the relation starts at the first suggestion.
    await userEvent.selectOptions(
      screen.getByLabelText('Source paper'),
      'BERT: Pre-training of Deep Bidirectional… (2018)',
    );
    await userEvent.selectOptions(screen.getByLabelText('Target paper'), 'Attention Is All You Need (2017)');
    expect(screen.getByLabelText('Relation')).toHaveValue('extends');
    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(onAdd).toHaveBeenCalledWith({
      source: { paper_id: '1810.04805', platform: 'arxiv' },
      target: { paper_id: '1706.03762', platform: 'arxiv' },
      label: 'extends',
    });
    // Ready for the next link.
    expect(screen.getByLabelText('Source paper')).toHaveValue('');
  });

  it('keeps a paper chosen while the previous link was being saved', async () => {
    let finish = () => {};
    const onAdd = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<EdgeForm nodes={nodes} edges={[]} isPending={false} onAdd={onAdd} />);
    await userEvent.selectOptions(screen.getByLabelText('Source paper'), 'Our notes');
    await userEvent.selectOptions(screen.getByLabelText('Target paper'), 'Attention Is All You Need (2017)');
    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    await userEvent.selectOptions(
      screen.getByLabelText('Source paper'),
      'BERT: Pre-training of Deep Bidirectional… (2018)',
    );
    await act(async () => finish());
    expect(screen.getByLabelText('Source paper')).toHaveValue('arxiv:1810.04805');
    expect(screen.getByLabelText('Target paper')).toHaveValue('');
  });

  it('takes typed words as the relation, trimmed', async () => {
    const onAdd = renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Source paper'), 'Our notes');
    await userEvent.selectOptions(screen.getByLabelText('Target paper'), 'Attention Is All You Need (2017)');
    await userEvent.clear(screen.getByLabelText('Relation'));
    await userEvent.type(screen.getByLabelText('Relation'), '  refutes  ');
    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ label: 'refutes' }));
  });

  it('refuses a paper linked to itself, saying why, and sends nothing', async () => {
    const onAdd = renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Source paper'), 'Our notes');
    await userEvent.selectOptions(screen.getByLabelText('Target paper'), 'Our notes');
    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose two different papers.');
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('offers to change the relation of a pair already linked that way', async () => {
    renderForm([edge]);
    await userEvent.selectOptions(
      screen.getByLabelText('Source paper'),
      'BERT: Pre-training of Deep Bidirectional… (2018)',
    );
    await userEvent.selectOptions(screen.getByLabelText('Target paper'), 'Attention Is All You Need (2017)');
    expect(screen.getByRole('button', { name: 'Change relation' })).toBeEnabled();
  });
});
