/** TeX commands as the characters they print, for abstracts read as prose (tex-to-prose.ts). */
export const TEX_SYMBOLS: Readonly<Record<string, string>> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', varepsilon: 'ε', zeta: 'ζ', eta: 'η',
  theta: 'θ', vartheta: 'ϑ', iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π',
  varpi: 'ϖ', rho: 'ρ', varrho: 'ϱ', sigma: 'σ', varsigma: 'ς', tau: 'τ', upsilon: 'υ', phi: 'φ',
  varphi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω', Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ',
  Pi: 'Π', Sigma: 'Σ', Upsilon: 'Υ', Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω',
  in: '∈', notin: '∉', ni: '∋', infty: '∞', times: '×', cdot: '·', cdots: '⋯', ldots: '…', dots: '…',
  to: '→', rightarrow: '→', leftarrow: '←', Rightarrow: '⇒', Leftarrow: '⇐', leftrightarrow: '↔',
  Leftrightarrow: '⇔', mapsto: '↦', longrightarrow: '⟶', leq: '≤', le: '≤', geq: '≥', ge: '≥', neq: '≠',
  ne: '≠', ll: '≪', gg: '≫', pm: '±', mp: '∓', sim: '∼', simeq: '≃', approx: '≈', cong: '≅', equiv: '≡',
  propto: '∝', subset: '⊂', subseteq: '⊆', supset: '⊃', supseteq: '⊇', cup: '∪', cap: '∩', setminus: '∖',
  emptyset: '∅', varnothing: '∅', forall: '∀', exists: '∃', neg: '¬', wedge: '∧', vee: '∨', oplus: '⊕',
  otimes: '⊗', partial: '∂', nabla: '∇', sum: '∑', prod: '∏', int: '∫', oint: '∮', sqrt: '√', ell: 'ℓ',
  hbar: 'ℏ', Re: 'ℜ', Im: 'ℑ', aleph: 'ℵ', circ: '∘', star: '⋆', ast: '∗', dagger: '†', prime: '′',
  langle: '⟨', rangle: '⟩', lfloor: '⌊', rfloor: '⌋', lceil: '⌈', rceil: '⌉', vert: '|', mid: '|',
  parallel: '∥', perp: '⊥', angle: '∠', triangle: '△', bigtriangleup: '△', deg: 'deg', degree: '°',
  log: 'log', ln: 'ln', exp: 'exp', sin: 'sin', cos: 'cos', tan: 'tan', lim: 'lim', max: 'max', min: 'min',
  sup: 'sup', inf: 'inf', det: 'det', dim: 'dim', ker: 'ker', arg: 'arg', Pr: 'Pr', gcd: 'gcd',
  LaTeX: 'LaTeX', TeX: 'TeX', textendash: '–', textemdash: '—', S: '§', P: '¶', copyright: '©',
  ldquo: '“', rdquo: '”', lq: '‘', rq: '’', quad: ' ', qquad: ' ', colon: ':',
};

/** Commands whose one argument is printed as it is (fonts, emphasis, text in math). */
export const TEX_WRAPPERS = new Set([
  'emph', 'textit', 'textbf', 'texttt', 'textsc', 'textrm', 'textsf', 'textsl', 'textup', 'textnormal',
  'underline', 'text', 'mbox', 'hbox', 'mathrm', 'mathbf', 'mathit', 'mathsf', 'mathtt', 'mathcal',
  'mathbb', 'mathfrak', 'mathscr', 'boldsymbol', 'bm', 'operatorname', 'url', 'textsuperscript',
  'textsubscript', 'hat', 'bar', 'tilde', 'vec', 'dot', 'ddot', 'widehat', 'widetilde', 'overline',
]);

/** Commands dropped with their argument: citations, labels and cross-references have no prose. */
export const TEX_DROPPED = new Set(['cite', 'citep', 'citet', 'ref', 'eqref', 'label', 'footnote', 'vspace', 'hspace']);

/** Font switches written inside a group ("{\em word}", "{\bf word}"): the group's text stays. */
export const TEX_SWITCHES = new Set(['em', 'it', 'bf', 'rm', 'sc', 'sf', 'tt', 'sl', 'cal', 'small', 'large', 'Large', 'bfseries', 'itshape', 'normalfont']);

/** Text accents: `\'e` é, `\"o` ö, `\v{c}` č, as the combining marks they stand for. */
export const TEX_ACCENTS: Readonly<Record<string, string>> = {
  "'": '\u0301', '`': '\u0300', '^': '\u0302', '"': '\u0308', '~': '\u0303', '=': '\u0304', '.': '\u0307',
  u: '\u0306', v: '\u030C', H: '\u030B', c: '\u0327', k: '\u0328', r: '\u030A',
};
