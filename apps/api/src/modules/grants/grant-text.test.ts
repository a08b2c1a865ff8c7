import { describe, expect, it } from 'vitest';
import { isShouting, sentenceCase, shownText } from './grant-text';

describe('sentenceCase', () => {
  it('writes capitals-only text in sentence case, keeping acronyms, peoples and places', () => {
    expect(sentenceCase('BIOBEHAVIORAL HEALTH IN DIVERSE MIDLIFE WOMEN')).toBe(
      'Biobehavioral health in diverse midlife women',
    );
    expect(sentenceCase('AN ETHNOGRAPHY--DRUG USE AMONG AFRICAN AMERICAN WOMEN')).toBe(
      'An ethnography--drug use among African American women',
    );
    expect(sentenceCase('NSF AND NIH FUND DNA AND AI STUDIES. HIV CARE IN THE US')).toBe(
      'NSF and NIH fund DNA and AI studies. HIV care in the US',
    );
    expect(sentenceCase('RT-PCR TESTS OF CD4 CELLS WITH IPV6 LINKS')).toBe('RT-PCR tests of CD4 cells with IPV6 links');
    expect(sentenceCase('MODELING OF CARBON NANOTUBE (CNT) AND BORON (BNNT)')).toBe(
      'Modeling of carbon nanotube (CNT) and boron (BNNT)',
    );
    expect(sentenceCase('SBIR PHASE II: A NEW SENSOR')).toBe('SBIR phase II: A new sensor');
  });

  it('leaves text with any lowercase letter, and short capitals, as they are', () => {
    expect(sentenceCase('Qualitative study of couples')).toBe('Qualitative study of couples');
    expect(sentenceCase('DNA')).toBe('DNA');
    expect(isShouting('MR FINGERPRINTING FOR EPILEPSY')).toBe(true);
    expect(isShouting('MR Fingerprinting for Epilepsy')).toBe(false);
  });
});

describe('shownText', () => {
  it('gives a description standing in for a title its first sentence as title, the whole as abstract', () => {
    const description = `IMPORTANT DEVELOPMENTS ARE DETERMINED BY NOVEL MATERIALS.SEARCH FOR NEW MATERIALS ${'IS SLOW. '.repeat(30)}`;
    expect(shownText(description, null)).toEqual({
      title: 'Important developments are determined by novel materials',
      abstract: sentenceCase(description),
    });
    const words = `A ${'VERY '.repeat(60)}LONG TITLE`;
    expect(shownText(words, null).title).toMatch(/^A very very .*…$/);
    expect(shownText('A short title', 'AN ABSTRACT IN CAPITALS')).toEqual({
      title: 'A short title',
      abstract: 'An abstract in capitals',
    });
  });
});
