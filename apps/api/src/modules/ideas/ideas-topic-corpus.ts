import type { Db } from '../../db/client';
import { buildPaper } from '../../test-support/factories';

/**
 * A topic with more than ten papers (docs/ideas.md#offline-literature-based-discovery): graph neural networks for molecular
 * property prediction, written as arXiv abstracts are, and the off-topic papers the AI Scientist once
 * drifted to offline (GPS tracking, diffusion on roads, optical waveguides). Invented texts.
 */
export const GNN_TOPIC = 'graph neural networks for molecular property prediction';

export const GNN_PAPERS = [
  {
    paperId: '1901.10001',
    title: 'Message passing neural networks for molecular property prediction',
    abstract:
      'We study message passing neural networks on molecular graphs. Atoms are nodes and chemical bonds are edges. The model predicts quantum chemical properties of small molecules with graph neural networks.',
  },
  {
    paperId: '1901.10002',
    title: 'Graph convolutional networks for drug property prediction',
    abstract:
      'Graph convolutional networks learn molecular representations from molecular graphs. We predict solubility and toxicity for drug discovery with graph neural networks.',
  },
  {
    paperId: '1901.10003',
    title: 'Attention over molecular graphs',
    abstract:
      'Graph attention networks weigh neighbouring atoms in molecular graphs. Molecular property prediction improves on toxicity benchmarks with graph neural networks.',
  },
  {
    paperId: '1901.10004',
    title: 'Equivariant graph neural networks for molecules',
    abstract:
      'Equivariant graph neural networks use 3D conformers of molecules. Rotation equivariance helps molecular property prediction of quantum chemical properties.',
  },
  {
    paperId: '1901.10005',
    title: 'Pretraining graph neural networks on molecular graphs',
    abstract:
      'Self-supervised pretraining of graph neural networks on unlabeled molecular graphs. Pretraining helps molecular property prediction when labels are scarce.',
  },
  {
    paperId: '1901.10006',
    title: 'Contrastive learning of molecular representations',
    abstract:
      'Contrastive learning aligns augmented views of molecular graphs. The molecular representations transfer to solubility prediction and drug discovery.',
  },
  {
    paperId: '1901.10007',
    title: 'Uncertainty estimation for molecular property prediction',
    abstract:
      'Deep ensembles give uncertainty estimation for molecular property prediction. Calibrated uncertainty guides active learning in drug discovery.',
  },
  {
    paperId: '1901.10008',
    title: 'Reaction yield prediction with molecular graphs',
    abstract:
      'Molecular graphs of reactants predict reaction yields. Graph neural networks rank reaction conditions for chemical synthesis planning.',
  },
  {
    paperId: '1901.10009',
    title: 'Protein-ligand binding affinity from molecular graphs',
    abstract:
      'Binding affinity prediction uses molecular graphs of ligands and protein pockets. Graph neural networks score docking poses in virtual screening.',
  },
  {
    paperId: '1901.10010',
    title: 'Active learning for virtual screening of molecules',
    abstract:
      'Active learning selects molecules for virtual screening. Uncertainty estimation from deep ensembles reduces the docking budget in drug discovery.',
  },
  {
    paperId: '1901.10011',
    title: 'Transformers on SMILES strings for molecular property prediction',
    abstract:
      'Chemical language models read SMILES strings. Transformer encoders pretrained on SMILES strings match graph neural networks on molecular property prediction.',
  },
  {
    paperId: '1901.10012',
    title: 'GPS tracking of delivery vehicles',
    abstract: 'GPS tracking of delivery vehicles estimates travel times on road networks with map matching.',
  },
  {
    paperId: '1901.10013',
    title: 'Diffusion of congestion on road networks',
    abstract: 'Traffic congestion spreads by diffusion on road networks. GPS traces calibrate the diffusion model.',
  },
  {
    paperId: '1901.10014',
    title: 'Mode coupling in optical waveguides',
    abstract: 'Optical waveguides couple guided modes. We measure mode coupling in silicon waveguides.',
  },
] as const;

export const OFF_TOPIC_IDS = new Set(['1901.10012', '1901.10013', '1901.10014']);

export async function buildGnnCorpus(db: Db) {
  for (const paper of GNN_PAPERS) await buildPaper(db, { ...paper, categories: ['cs.LG'] });
}
